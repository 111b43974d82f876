import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';

/** A list the server answers a page at a time, as a paged table shows it. */
export interface PagedList<Data> {
  /** The page answered, or undefined while the first one loads. */
  data: Data | undefined;
  /** Whether no page has been answered yet. */
  isPending: boolean;
  /** Whether a page is being asked for (the first, another, or the same again). */
  isFetching: boolean;
  page: number;
  setPage(page: number): void;
  /** The rows a page holds, which the server fixes. */
  pageSize: number;
  /** Wraps a filter's setter so that a new filter starts again from the first page. */
  filtered<Value>(set: (value: Value) => void): (value: Value) => void;
}

/** The page shown of a list and its query (`queryFor` the page), from the first page on. */
export function usePagedList<Data, Key extends QueryKey>(
  queryFor: (page: number) => UseQueryOptions<Data, Error, Data, Key>,
  pageSize: number,
): PagedList<Data> {
  const [page, setPage] = useState(1);
  const { data, isPending, isFetching } = useQuery(queryFor(page));
  const filtered =
    <Value>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      setPage(1);
    };
  return { data, isPending, isFetching, page, setPage, pageSize, filtered };
}

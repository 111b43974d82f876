import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from './client';

/**
 * The query options of one page of a user's paged history: `page_no` and `page_size` in the query string,
 * the page on screen kept while the next one loads and, with `poll`, asked again every `poll.ms` while
 * `poll.while` finds a row still under way on the page.
 */
export function pageQuery<T>(options: {
  queryKey: readonly unknown[];
  path: string;
  page: number;
  size: number;
  poll?: { ms: number; while(page: T): boolean };
}) {
  const { poll } = options;
  return queryOptions({
    queryKey: options.queryKey,
    queryFn: ({ signal }) =>
      request<T>(options.path, { query: { page_no: options.page, page_size: options.size }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const data = query.state.data;
      return poll && data !== undefined && poll.while(data) ? poll.ms : false;
    },
  });
}

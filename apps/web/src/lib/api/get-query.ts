import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { request } from './client';

/**
 * The query options of a plain `GET` of the session's own data (its keys, its child accounts, its bound
 * accounts): no parameters, the client's default freshness, cancelled when the query is.
 */
export function getQuery<T>(queryKey: QueryKey, path: string) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => request<T>(path, { signal }),
  });
}

import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { type RequestOptions, request } from './client';

/**
 * Calls a list API whose answer is a nicety (suggestions, countries, coupons): silent, so a failure shows
 * nothing, and an answer that is not a list reads as an empty one.
 */
export async function requestList<T>(path: string, options: RequestOptions = {}): Promise<T[]> {
  const data = await request<T[]>(path, { ...options, silent: true });
  return Array.isArray(data) ? data : [];
}

/**
 * A nicety list asked for once a visit (the overseas countries, the SEO words to try): what the server
 * answers does not go stale while the site is open; only a refetch asks again.
 */
export function visitListQuery<T>(queryKey: QueryKey, path: string) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => requestList<T>(path, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

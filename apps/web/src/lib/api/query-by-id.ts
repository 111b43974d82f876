import { queryOptions } from '@tanstack/react-query';

/**
 * The query options of a GET that one id names (a video, a creator): keyed by the query's name and the
 * id, fetched by `fetcher`, fresh for `staleTime` when given and for the client's default otherwise.
 */
export function queryById<T>(
  name: string,
  fetcher: (id: string, signal?: AbortSignal) => Promise<T>,
  staleTime?: number,
) {
  return (id: string) =>
    queryOptions({
      queryKey: [name, id],
      queryFn: ({ signal }) => fetcher(id, signal),
      // An undefined staleTime would override the client's default instead of leaving it.
      ...(staleTime === undefined ? {} : { staleTime }),
    });
}

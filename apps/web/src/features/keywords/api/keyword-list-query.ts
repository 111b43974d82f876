import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { useSession } from '../../../stores/session';

/** `GET` of a keyword list: a search call, so an expired login rejects without a message. */
export function fetchKeywordList<List>(path: string, query: object, signal?: AbortSignal): Promise<List> {
  return request<List>(path, { query: { ...query }, search: true, signal });
}

/**
 * The query of a keyword list call (`name` tells the calls apart in the cache). Keyed by the viewer too:
 * logging in or out shows that viewer's rows; the page shown stays while the next one loads.
 */
export function keywordListQueryOptions<List>(
  name: string,
  params: object,
  token: string | null,
  fetchList: (signal: AbortSignal) => Promise<List>,
) {
  return queryOptions({
    queryKey: ['keywords', name, token, params] as const,
    queryFn: ({ signal }) => fetchList(signal),
    placeholderData: keepPreviousData,
  });
}

/** A keyword list call for the signed-in viewer; `enabled: false` asks nothing. */
export function useKeywordList<List>(
  name: string,
  params: object,
  fetchList: (signal: AbortSignal) => Promise<List>,
  enabled = true,
) {
  const token = useSession((state) => state.token);
  return useQuery({ ...keywordListQueryOptions(name, params, token, fetchList), enabled });
}

import { type HistoryList, KeywordPath } from '@dso/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { useSession } from '../../../stores/session';

/** History request size (000 §7, §9). */
export const HISTORY_SIZE = 10;

/** The search history of one type, newest first: the client reads data[0].logs (000 §7). */
export async function fetchSearchHistory(type: string, signal?: AbortSignal): Promise<string[]> {
  const lists = await request<HistoryList>(KeywordPath.history, {
    query: { types: type, size: HISTORY_SIZE },
    silent: true,
    signal,
  });
  return lists?.[0]?.logs ?? [];
}

/** Deletes one entry, or every entry of the type with `all` (000 §7: keyword, or batch true). */
export function deleteSearchHistory(type: string, target: { keyword: string } | { all: true }): Promise<null> {
  const body = 'all' in target ? { types: [type], batch: true } : { types: [type], keyword: target.keyword };
  return request<null>(KeywordPath.deleteHistory, { method: 'POST', body, silent: true });
}

export const searchHistoryKey = (type: string, token: string | null) => ['keywords', 'history', type, token] as const;

export function searchHistoryQueryOptions(type: string, token: string | null) {
  return queryOptions({
    queryKey: searchHistoryKey(type, token),
    queryFn: ({ signal }) => fetchSearchHistory(type, signal),
    staleTime: 0,
  });
}

/** History is kept per user: visitors have none and nothing is asked for them. */
export function useSearchHistory(type: string, enabled: boolean) {
  const token = useSession((state) => state.token);
  return useQuery({ ...searchHistoryQueryOptions(type, token), enabled: enabled && Boolean(token) });
}

export function useDeleteSearchHistory(type: string) {
  const client = useQueryClient();
  const token = useSession((state) => state.token);
  return useMutation({
    mutationFn: (target: { keyword: string } | { all: true }) => deleteSearchHistory(type, target),
    onMutate: (target) => {
      // The list updates at once; the server's answer is not needed to show the deletion.
      client.setQueryData<string[]>(searchHistoryKey(type, token), (logs = []) =>
        'all' in target ? [] : logs.filter((log) => log !== target.keyword),
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: searchHistoryKey(type, token) }),
  });
}

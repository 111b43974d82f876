import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '../../stores/session';
import { request } from './client';

/**
 * A page of the signed-in user's saved AI works (历史文案, 创作历史), under `[feature, 'works', …]` so a
 * delete can refresh every page; the previous page stays on screen while the next loads.
 */
export function useSavedWorks<List>(feature: string, path: string, pageNo: number, pageSize: number) {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [feature, 'works', token, pageNo, pageSize],
    queryFn: ({ signal }) => request<List>(path, { query: { page_no: pageNo, page_size: pageSize }, signal }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

/** One saved AI work, to reopen it; nothing is asked for a visitor or without an id. */
export function useSavedWork<Work>(feature: string, pathOf: (id: number) => string, id: number | null) {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [feature, 'work', token, id],
    queryFn: ({ signal }) => request<Work>(pathOf(id!), { signal }),
    enabled: Boolean(token) && id !== null,
  });
}

import {
  WritingPath,
  type WritingTemplateGroups,
  type WritingWork,
  type WritingWorkList,
  type WritingWorkSaveBody,
} from '@dso/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { useSession } from '../../../stores/session';

/** `GET` the writing templates keyed by category title (000 §7). */
export function useWritingTemplates() {
  return useQuery({
    queryKey: ['writing', 'templates'],
    queryFn: ({ signal }) => request<WritingTemplateGroups>(WritingPath.templates, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** A page of the signed-in user's saved works (创作历史). */
export function useWritingWorks(pageNo: number, pageSize: number) {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: ['writing', 'works', token, pageNo, pageSize],
    queryFn: ({ signal }) =>
      request<WritingWorkList>(WritingPath.works, { query: { page_no: pageNo, page_size: pageSize }, signal }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

/** One saved work, to reopen it on /writing. */
export function useWritingWork(id: number | null) {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: ['writing', 'work', token, id],
    queryFn: ({ signal }) => request<WritingWork>(WritingPath.workOf(id!), { signal }),
    enabled: Boolean(token) && id !== null,
  });
}

export const saveWritingWork = (body: WritingWorkSaveBody) =>
  request<WritingWork>(WritingPath.works, { method: 'POST', body });

export const deleteWritingWork = (id: number) => request<null>(WritingPath.workOf(id), { method: 'DELETE' });

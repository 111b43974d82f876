import {
  WritingPath,
  type WritingTemplateGroups,
  type WritingWork,
  type WritingWorkList,
  type WritingWorkSaveBody,
} from '@dso/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { useSavedWork, useSavedWorks } from '../../../lib/api/saved-works';

/** `GET` the writing templates keyed by category title (000 §7). */
export function useWritingTemplates() {
  return useQuery({
    queryKey: ['writing', 'templates'],
    queryFn: ({ signal }) => request<WritingTemplateGroups>(WritingPath.templates, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** A page of the signed-in user's saved works (创作历史). */
export const useWritingWorks = (pageNo: number, pageSize: number) =>
  useSavedWorks<WritingWorkList>('writing', WritingPath.works, pageNo, pageSize);

/** One saved work, to reopen it on /writing. */
export const useWritingWork = (id: number | null) => useSavedWork<WritingWork>('writing', WritingPath.workOf, id);

export const saveWritingWork = (body: WritingWorkSaveBody) =>
  request<WritingWork>(WritingPath.works, { method: 'POST', body });

export const deleteWritingWork = (id: number) => request<null>(WritingPath.workOf(id), { method: 'DELETE' });

import {
  WritingPath,
  type WritingTemplateGroups,
  type WritingWork,
  type WritingWorkList,
  type WritingWorkSaveBody,
} from '@dso/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { savedWorksApi } from '../../../lib/api/saved-works';

/** `GET` the writing templates keyed by category title (000 §7). */
export function useWritingTemplates() {
  return useQuery({
    queryKey: ['writing', 'templates'],
    queryFn: ({ signal }) => request<WritingTemplateGroups>(WritingPath.templates, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The signed-in user's saved works (创作历史): a page of them, one to reopen on /writing, saving and deleting. */
export const writingWorks = savedWorksApi<WritingWorkList, WritingWork, WritingWorkSaveBody>('writing', WritingPath);

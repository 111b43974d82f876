import {
  type CopywriterGenerateBody,
  CopywriterPath,
  type CopywriterWork,
  type CopywriterWorkList,
  type CopywriterWorkSaveBody,
} from '@dso/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { useSession } from '../../../stores/session';

/** The call a generation posts (streamed by `useAiStream`). */
export const generatePath = CopywriterPath.generate;
export type { CopywriterGenerateBody };

/** A page of the signed-in user's saved scripts (历史文案). */
export function useCopywriterWorks(pageNo: number, pageSize: number) {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: ['copywriters', 'works', token, pageNo, pageSize],
    queryFn: ({ signal }) =>
      request<CopywriterWorkList>(CopywriterPath.works, { query: { page_no: pageNo, page_size: pageSize }, signal }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

/** One saved script, to reopen it. */
export function useCopywriterWork(id: number | null) {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: ['copywriters', 'work', token, id],
    queryFn: ({ signal }) => request<CopywriterWork>(CopywriterPath.workOf(id!), { signal }),
    enabled: Boolean(token) && id !== null,
  });
}

export const saveCopywriterWork = (body: CopywriterWorkSaveBody) =>
  request<CopywriterWork>(CopywriterPath.works, { method: 'POST', body });

export const deleteCopywriterWork = (id: number) => request<null>(CopywriterPath.workOf(id), { method: 'DELETE' });

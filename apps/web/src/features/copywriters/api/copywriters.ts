import {
  type CopywriterGenerateBody,
  CopywriterPath,
  type CopywriterWork,
  type CopywriterWorkList,
  type CopywriterWorkSaveBody,
} from '@dso/contract';
import { request } from '../../../lib/api/client';
import { useSavedWork, useSavedWorks } from '../../../lib/api/saved-works';

/** The call a generation posts (streamed by `useAiStream`). */
export const generatePath = CopywriterPath.generate;
export type { CopywriterGenerateBody };

/** A page of the signed-in user's saved scripts (历史文案). */
export const useCopywriterWorks = (pageNo: number, pageSize: number) =>
  useSavedWorks<CopywriterWorkList>('copywriters', CopywriterPath.works, pageNo, pageSize);

/** One saved script, to reopen it. */
export const useCopywriterWork = (id: number | null) =>
  useSavedWork<CopywriterWork>('copywriters', CopywriterPath.workOf, id);

export const saveCopywriterWork = (body: CopywriterWorkSaveBody) =>
  request<CopywriterWork>(CopywriterPath.works, { method: 'POST', body });

export const deleteCopywriterWork = (id: number) => request<null>(CopywriterPath.workOf(id), { method: 'DELETE' });

import {
  type CopywriterGenerateBody,
  CopywriterPath,
  type CopywriterWork,
  type CopywriterWorkList,
  type CopywriterWorkSaveBody,
} from '@dso/contract';
import { savedWorksApi } from '../../../lib/api/saved-works';

/** The call a generation posts (streamed by `useAiStream`). */
export const generatePath = CopywriterPath.generate;
export type { CopywriterGenerateBody };

/** The signed-in user's saved scripts (历史文案): a page of them, one to reopen, saving and deleting. */
export const copywriterWorks = savedWorksApi<CopywriterWorkList, CopywriterWork, CopywriterWorkSaveBody>(
  'copywriters',
  CopywriterPath,
);

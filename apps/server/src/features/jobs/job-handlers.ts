import { keywordJobHandlers } from '../keywords/keyword-jobs';
import type { JobHandlers } from './jobs.worker';

/** Every job kind the product runs, by kind: what `npm run worker` and the in-process worker serve. */
export function allJobHandlers(): JobHandlers {
  return { ...keywordJobHandlers };
}

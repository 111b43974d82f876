import type { JobHandlers } from './features/jobs/jobs.worker';
import { keywordJobHandlers } from './features/keywords/keyword-jobs';

/**
 * Every job kind the product runs, by kind: what `npm run worker` and the in-process worker serve.
 * Composed here, beside the app, and handed to the worker, so the jobs feature knows no feature's
 * jobs and the features that enqueue jobs can import the queue without a cycle.
 */
export function allJobHandlers(): JobHandlers {
  return { ...keywordJobHandlers };
}

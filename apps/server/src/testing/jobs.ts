import { JobWorker } from '../features/jobs';
import { allJobHandlers } from '../job-handlers';
import type { TestApp } from './index';

/**
 * A job worker as the app runs one: every job kind, with the app's providers (AI 图文's and closure's jobs
 * only when `dataDir` is given), retrying at once instead of backing off.
 */
export function appJobWorker(
  t: Pick<TestApp, 'app' | 'database'>,
  options: { dataDir?: string; staleMs?: number } = {},
) {
  const handlers = allJobHandlers({
    providers: t.app.providers,
    publicUrl: undefined,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  });
  return new JobWorker(t.database.db, handlers, {
    backoffMs: () => 0,
    ...(options.staleMs !== undefined ? { staleMs: options.staleMs } : {}),
  });
}

/** Runs the app's due jobs until none is left; answers how many ran. */
export const drainJobs = (t: Pick<TestApp, 'app' | 'database'>, options: { dataDir?: string } = {}) =>
  appJobWorker(t, options).drain();

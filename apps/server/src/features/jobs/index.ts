/**
 * What the jobs feature offers: the queue (enqueue a job, look one up, and claim one as a worker does,
 * which tests use to play a worker that died) and the worker with the types a feature's job handlers
 * are written against.
 */
export { type ClaimedJob, claimJob, type EnqueueOptions, enqueueJob, findJob, type JobRow } from './jobs.queue';
export {
  type JobContext,
  type JobHandler,
  type JobHandlers,
  type JobLogger,
  JobWorker,
  PermanentJobError,
  type WorkerOptions,
} from './jobs.worker';

/**
 * What the jobs feature offers: the queue (enqueue a job, look one up, and claim one as a worker does,
 * which tests use to play a worker that died), the console's reading of it and its retry and discard of a
 * failed job, and the worker with the types a feature's job handlers
 * are written against.
 */

export { type JobListing, listJobs, type QueueSummary, summarizeJobs } from './jobs.inspect';
export { type JobLane, JobLanes, jobLanes } from './jobs.lanes';
export {
  type ClaimedJob,
  claimJob,
  discardFailedJob,
  type EnqueueOptions,
  enqueueJob,
  type FailedJobChange,
  findJob,
  type JobRow,
  retryFailedJob,
} from './jobs.queue';
export {
  type JobContext,
  type JobHandler,
  type JobHandlers,
  type JobLogger,
  JobWorker,
  PermanentJobError,
  type WorkerOptions,
} from './jobs.worker';

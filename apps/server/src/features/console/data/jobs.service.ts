import {
  CONSOLE_JOB_PAGE_SIZE,
  Code,
  type ConsoleActionResult,
  type ConsoleDeriveResult,
  type ConsoleJob,
  type ConsoleJobPage,
  type ConsoleJobStatus,
  type ConsoleJobSummary,
  consoleDataMessages,
  type Platform,
} from '@dso/contract';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { unixSeconds } from '../../../lib/unix-seconds';
import {
  discardFailedJob,
  type FailedJobChange,
  type JobListing,
  type JobRow,
  listJobs,
  retryFailedJob,
  summarizeJobs,
} from '../../jobs';
import { enqueueDerive, KEYWORDS_DERIVE_JOB } from '../../keywords';
import { type Actor, recordAudit } from '../audit/audit.service';

/**
 * The job queue and the derive jobs on the console's 数据 page (docs/console.md): read through the jobs
 * feature, and each change (queue a derive, retry or discard a failed job) audited in its transaction.
 */

const m = consoleDataMessages;
const subjectOf = (id: number) => `job:${id}`;

function toJob(row: JobListing): ConsoleJob {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status as ConsoleJobStatus,
    attempts: row.attempts,
    max_attempts: row.maxAttempts,
    last_error: row.lastError,
    payload: row.payload,
    create_time: unixSeconds(row.createdAt),
    update_time: unixSeconds(row.updatedAt),
    run_after_time: unixSeconds(row.runAfter),
    finish_time: unixSeconds(row.finishedAt),
  };
}

/** How deep the queue is, by kind and state, and how long its oldest due job has waited. */
export async function readQueueSummary(db: Database, now: Date): Promise<ConsoleJobSummary> {
  const { counts, oldestWaiting } = await summarizeJobs(db, now);
  return {
    counts: counts.map((row) => ({ ...row, status: row.status as ConsoleJobStatus })),
    oldest_waiting: oldestWaiting && {
      id: oldestWaiting.id,
      kind: oldestWaiting.kind,
      waiting_seconds: Math.max(0, Math.floor((now.getTime() - oldestWaiting.dueAt.getTime()) / 1000)),
    },
  };
}

/** Jobs in one state (all when absent) and of one kind if given, newest first, 20 a page. */
export async function readJobs(
  db: Database,
  query: { status?: ConsoleJobStatus | undefined; kind?: string | undefined; page_no: number },
): Promise<ConsoleJobPage> {
  const { rows, total } = await listJobs(db, {
    ...(query.status ? { statuses: [query.status] } : {}),
    ...(query.kind ? { kinds: [query.kind] } : {}),
    limit: CONSOLE_JOB_PAGE_SIZE,
    offset: (query.page_no - 1) * CONSOLE_JOB_PAGE_SIZE,
  });
  return { list: rows.map(toJob), total };
}

/** The latest 20 derive jobs, newest first. */
export async function readDeriveRuns(db: Database): Promise<ConsoleJob[]> {
  const { rows } = await listJobs(db, { kinds: [KEYWORDS_DERIVE_JOB], limit: 20, offset: 0 });
  return rows.map(toJob);
}

/**
 * Queues the derive of one keyword library (the job `npm run derive` runs in place), audited as derive.run.
 * A derive of the library already waiting does the same work: 300, and nothing is queued or audited.
 */
export async function runDerive(
  db: Database,
  actor: Actor,
  options: { platform: Platform; country?: string | undefined; reason: string },
): Promise<ConsoleDeriveResult> {
  const scope = {
    platform: options.platform,
    country: options.platform === 'TSO' ? (options.country ?? 'US') : '',
  };
  return db.transaction(async (tx) => {
    const jobId = await enqueueDerive(tx, scope);
    if (jobId === null) throw AppError.toast(m.deriveQueued);
    const auditId = await recordAudit(tx, {
      actor,
      action: 'derive.run',
      subject: subjectOf(jobId),
      before: null,
      after: { job_id: jobId, kind: KEYWORDS_DERIVE_JOB, platform: scope.platform, country: scope.country },
      reason: options.reason,
    });
    return { id: jobId, audit_id: auditId };
  });
}

/** What a job was before a change, as its audit entry keeps it. */
const auditedJob = (job: JobRow) => ({
  kind: job.kind,
  status: job.status,
  attempts: job.attempts,
  max_attempts: job.max_attempts,
  last_error: job.last_error,
});

/** A retry or discard's change to a failed job, audited in its transaction; refusals in the page's words. */
async function changeFailedJob(
  db: Database,
  actor: Actor,
  options: { jobId: number; reason: string; action: 'job.retry' | 'job.discard' },
): Promise<ConsoleActionResult> {
  const change = options.action === 'job.retry' ? retryFailedJob : discardFailedJob;
  return db.transaction(async (tx) => {
    const result: FailedJobChange = await change(tx, options.jobId);
    if (result.outcome === 'missing') throw new AppError(Code.NOT_FOUND, m.jobNotFound);
    if (result.outcome === 'not_failed') throw AppError.toast(m.jobNotFailed);
    if (result.outcome === 'already_queued') throw AppError.toast(m.jobAlreadyQueued);
    const auditId = await recordAudit(tx, {
      actor,
      action: options.action,
      subject: subjectOf(options.jobId),
      before: auditedJob(result.job),
      after: options.action === 'job.retry' ? { status: 'queued', attempts: 0 } : { status: 'discarded' },
      reason: options.reason,
    });
    return { changed: 1, audit_id: auditId };
  });
}

/** Puts a failed job back in the queue, due now (job.retry). */
export const retryJob = (db: Database, actor: Actor, options: { jobId: number; reason: string }) =>
  changeFailedJob(db, actor, { ...options, action: 'job.retry' });

/** Sets a failed job aside for good (job.discard). */
export const discardJob = (db: Database, actor: Actor, options: { jobId: number; reason: string }) =>
  changeFailedJob(db, actor, { ...options, action: 'job.discard' });

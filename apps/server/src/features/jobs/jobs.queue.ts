import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { isUniqueViolation } from '../../lib/pg-errors';

/*
 * The job queue (the `jobs` table, FOR UPDATE SKIP LOCKED, heartbeats): features enqueue work and look
 * it up; the worker claims, heartbeats, completes, fails, releases and prunes. Nothing else touches the table.
 */

/** A job as a worker sees it once claimed. */
export interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  /** This attempt's number, from 1. */
  attempts: number;
  maxAttempts: number;
}

export interface EnqueueOptions {
  kind: string;
  payload?: unknown;
  /** Not before this instant (default now). */
  runAfter?: Date;
  maxAttempts?: number;
  /**
   * At most one queued job per (kind, key): a second enqueue while one waits is dropped and returns
   * null (a derive of the same library, say, that the waiting one will do anyway).
   */
  singletonKey?: string;
}

/** Adds a job; returns its id, or null when a queued job with the same singleton key already waits. */
export async function enqueueJob(db: Database, options: EnqueueOptions): Promise<number | null> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    INSERT INTO jobs (kind, payload, run_after, max_attempts, singleton_key)
    VALUES (${options.kind}, ${JSON.stringify(options.payload ?? {})}::jsonb,
      ${(options.runAfter ?? new Date()).toISOString()}::timestamptz, ${options.maxAttempts ?? 5}, ${options.singletonKey ?? null})
    ON CONFLICT (kind, singleton_key) WHERE status = 'queued' AND singleton_key IS NOT NULL DO NOTHING
    RETURNING id
  `,
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/**
 * Claims the next due job of the given kinds for a worker, or null. Due means queued with
 * `run_after` passed, or running under a lock older than `staleMs` (its worker died or hung without
 * heartbeats). `FOR UPDATE SKIP LOCKED` lets any number of workers claim at once without two ever
 * taking the same row and without waiting on each other.
 */
export async function claimJob(
  db: Database,
  options: { workerId: string; kinds: string[]; staleMs: number },
): Promise<ClaimedJob | null> {
  const rows = await queryRows<{ id: number; kind: string; payload: unknown; attempts: number; max_attempts: number }>(
    db,
    sql`
    UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_at = now(), locked_by = ${options.workerId},
      updated_at = now()
    WHERE id = (
      SELECT id FROM jobs
      WHERE kind = ANY(${sql.param(options.kinds)}::text[])
        AND ((status = 'queued' AND run_after <= now())
          OR (status = 'running' AND locked_at < now() - ${options.staleMs} * interval '1 millisecond'))
      ORDER BY run_after, id
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, kind, payload, attempts, max_attempts
  `,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    kind: row.kind,
    payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
  };
}

/** Keeps a running job's lock fresh; false when the worker no longer holds it (it went stale and was re-claimed). */
export async function heartbeatJob(db: Database, id: number, workerId: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE jobs SET locked_at = now(), updated_at = now() WHERE id = ${id} AND status = 'running' AND locked_by = ${workerId} RETURNING id`,
  );
  return rows.length > 0;
}

/** Marks a job done, if this worker still holds it. */
export async function completeJob(db: Database, id: number, workerId: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    UPDATE jobs SET status = 'done', finished_at = now(), updated_at = now(), locked_at = NULL, last_error = NULL
    WHERE id = ${id} AND status = 'running' AND locked_by = ${workerId} RETURNING id
  `,
  );
  return rows.length > 0;
}

/**
 * Records a failed attempt, if this worker still holds the job: back to queued after `retryInMs`
 * while attempts remain, else failed for good.
 */
export async function failJob(
  db: Database,
  options: { id: number; workerId: string; error: string; retryInMs: number | null },
): Promise<'retry' | 'failed' | 'lost'> {
  const rows = await queryRows<{ status: string }>(
    db,
    sql`
    UPDATE jobs SET
      status = CASE WHEN ${options.retryInMs !== null} AND attempts < max_attempts THEN 'queued' ELSE 'failed' END,
      run_after = now() + ${options.retryInMs ?? 0} * interval '1 millisecond',
      finished_at = CASE WHEN ${options.retryInMs !== null} AND attempts < max_attempts THEN NULL ELSE now() END,
      last_error = ${options.error.slice(0, 4000)}, locked_at = NULL, updated_at = now()
    WHERE id = ${options.id} AND status = 'running' AND locked_by = ${options.workerId}
    RETURNING status
  `,
  );
  const status = rows[0]?.status;
  return status === 'queued' ? 'retry' : status === 'failed' ? 'failed' : 'lost';
}

/**
 * Gives a running job back to the queue, due at once, if this worker still holds it: a worker that is
 * shutting down hands over the job in hand instead of making the next worker wait for its lock to go
 * stale. The interrupted attempt is not counted, so deployments never use up a job's attempts.
 */
export async function releaseJob(db: Database, id: number, workerId: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    UPDATE jobs SET status = 'queued', attempts = greatest(attempts - 1, 0), run_after = now(), locked_at = NULL,
      locked_by = NULL, updated_at = now()
    WHERE id = ${id} AND status = 'running' AND locked_by = ${workerId} RETURNING id
  `,
  );
  return rows.length > 0;
}

export interface JobRow {
  id: number;
  kind: string;
  payload: unknown;
  status: string;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  locked_by: string | null;
  run_after: string;
}

export async function findJob(db: Database, id: number): Promise<JobRow | null> {
  const rows = await queryRows<JobRow>(
    db,
    sql`SELECT id, kind, payload, status, attempts, max_attempts, last_error, locked_by, run_after::text FROM jobs WHERE id = ${id}`,
  );
  const row = rows[0];
  return row ? { ...row, id: Number(row.id) } : null;
}

/**
 * Deletes finished jobs older than the given age (done ones; failed and discarded ones are kept longer for
 * inspection, discarded ones counted from when they failed).
 */
export async function pruneJobs(db: Database, options: { doneOlderThanMs: number; failedOlderThanMs: number }) {
  await db.execute(sql`
    DELETE FROM jobs WHERE (status = 'done' AND finished_at < now() - ${options.doneOlderThanMs} * interval '1 millisecond')
      OR (status IN ('failed', 'discarded')
        AND finished_at < now() - ${options.failedOlderThanMs} * interval '1 millisecond')
  `);
}

/** What became of a request to retry or discard a failed job; `job` is the row as it was before. */
export type FailedJobChange =
  | { outcome: 'changed'; job: JobRow }
  | { outcome: 'missing' }
  | { outcome: 'not_failed'; job: JobRow }
  /** A retry whose kind and singleton key already have a job waiting (which will do the same work). */
  | { outcome: 'already_queued'; job: JobRow };

/** The job, locked until the transaction ends so a change to it is decided on what it is now; null when missing. */
async function lockJob(db: Database, id: number): Promise<(JobRow & { singleton_key: string | null }) | null> {
  const rows = await queryRows<JobRow & { singleton_key: string | null }>(
    db,
    sql`SELECT id, kind, payload, status, attempts, max_attempts, last_error, locked_by, run_after::text, singleton_key
        FROM jobs WHERE id = ${id} FOR UPDATE`,
  );
  const row = rows[0];
  return row ? { ...row, id: Number(row.id) } : null;
}

/**
 * Puts a failed job back in the queue, due now, with its attempts counted from nought again (its last
 * error stays until it runs). Only a failed job, read under its row lock: a repeated or concurrent request
 * finds it queued, running or done and changes nothing, so it is never queued twice. Call it in a transaction.
 */
export async function retryFailedJob(db: Database, id: number): Promise<FailedJobChange> {
  const job = await lockJob(db, id);
  if (!job) return { outcome: 'missing' };
  const { singleton_key: key, ...before } = job;
  if (before.status !== 'failed') return { outcome: 'not_failed', job: before };
  const requeued = await db
    .transaction(async (savepoint) => {
      await savepoint.execute(sql`
        UPDATE jobs SET status = 'queued', attempts = 0, run_after = now(), finished_at = NULL, locked_at = NULL,
          locked_by = NULL, updated_at = now()
        WHERE id = ${id}`);
      return true;
    })
    .catch((error: unknown) => {
      // A job of the same kind and singleton key waits already (the unique index): it will do the same work.
      if (key !== null && isUniqueViolation(error)) return false;
      throw error;
    });
  return requeued ? { outcome: 'changed', job: before } : { outcome: 'already_queued', job: before };
}

/**
 * Sets a failed job aside for good: discarded, never claimed again, listed as such until pruned. Only a
 * failed job, read under its row lock. Call it in a transaction.
 */
export async function discardFailedJob(db: Database, id: number): Promise<FailedJobChange> {
  const job = await lockJob(db, id);
  if (!job) return { outcome: 'missing' };
  const { singleton_key: _key, ...before } = job;
  if (before.status !== 'failed') return { outcome: 'not_failed', job: before };
  await db.execute(sql`UPDATE jobs SET status = 'discarded', updated_at = now() WHERE id = ${id}`);
  return { outcome: 'changed', job: before };
}

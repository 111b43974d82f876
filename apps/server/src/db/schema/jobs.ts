import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, rowId, updatedAt } from './columns';

/**
 * The job queue (features/jobs): one row per job. Workers claim a due row with
 * `FOR UPDATE SKIP LOCKED`, mark it running with their id and a lock time, and heartbeat the lock
 * while working; a running row whose lock went stale (its worker died) is claimed again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: rowId(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
    /** queued → running → done | failed; a failed attempt with attempts left goes back to queued. */
    status: text('status').notNull().default('queued'),
    /** Not claimed before this instant (retry backoff, delayed jobs). */
    runAfter: at('run_after').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lastError: text('last_error'),
    lockedAt: at('locked_at'),
    lockedBy: text('locked_by'),
    /** At most one queued job per (kind, key): enqueueing a second one is a no-op. */
    singletonKey: text('singleton_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: at('finished_at'),
  },
  (table) => [
    index('jobs_due_idx').on(table.status, table.runAfter, table.id),
    uniqueIndex('jobs_queued_singleton_idx')
      .on(table.kind, table.singletonKey)
      .where(sql`status = 'queued' AND singleton_key IS NOT NULL`),
  ],
);

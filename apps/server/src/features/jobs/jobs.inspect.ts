import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema';

/*
 * Reading the queue as the operator's console shows it: how deep it is, what waits longest, and lists of
 * jobs by state or kind. The queue's own changes are jobs.queue.ts'.
 */

/** A job as a listing shows it. */
export type JobListing = Pick<
  typeof jobs.$inferSelect,
  | 'id'
  | 'kind'
  | 'status'
  | 'attempts'
  | 'maxAttempts'
  | 'lastError'
  | 'payload'
  | 'createdAt'
  | 'updatedAt'
  | 'runAfter'
  | 'finishedAt'
>;

const listingColumns = {
  id: jobs.id,
  kind: jobs.kind,
  status: jobs.status,
  attempts: jobs.attempts,
  maxAttempts: jobs.maxAttempts,
  lastError: jobs.lastError,
  payload: jobs.payload,
  createdAt: jobs.createdAt,
  updatedAt: jobs.updatedAt,
  runAfter: jobs.runAfter,
  finishedAt: jobs.finishedAt,
};

export interface QueueSummary {
  counts: Array<{ kind: string; status: string; count: number }>;
  /** The queued job due longest ago, and since when it is due; null when none is due. */
  oldestWaiting: { id: number; kind: string; dueAt: Date } | null;
}

/** How many jobs of each kind are in each state, and the due job that has waited longest. */
export async function summarizeJobs(db: Database, now: Date): Promise<QueueSummary> {
  const [counts, oldest] = await Promise.all([
    db
      .select({ kind: jobs.kind, status: jobs.status, count: count() })
      .from(jobs)
      .groupBy(jobs.kind, jobs.status)
      .orderBy(asc(jobs.kind), asc(jobs.status)),
    db
      .select({ id: jobs.id, kind: jobs.kind, dueAt: jobs.runAfter })
      .from(jobs)
      .where(and(eq(jobs.status, 'queued'), lte(jobs.runAfter, now)))
      .orderBy(asc(jobs.runAfter), asc(jobs.id))
      .limit(1),
  ]);
  return { counts, oldestWaiting: oldest[0] ?? null };
}

/** Jobs in the given states (and of the given kinds), newest first: one page and the total. */
export async function listJobs(
  db: Database,
  options: { statuses?: readonly string[]; kinds?: readonly string[]; limit: number; offset: number },
): Promise<{ rows: JobListing[]; total: number }> {
  const where = and(
    options.statuses ? inArray(jobs.status, [...options.statuses]) : undefined,
    options.kinds ? inArray(jobs.kind, [...options.kinds]) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(listingColumns)
      .from(jobs)
      .where(where)
      .orderBy(desc(jobs.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

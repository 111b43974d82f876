import { dayRange } from '@dso/domain';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { type CollectionRunStatus, type CollectionRunTrigger, collectionRuns } from '../../db/schema';

/*
 * The run records (`collection_runs`): only the collection feature reads and writes them.
 */

export type CollectionRun = typeof collectionRuns.$inferSelect;

/**
 * A 'running' record older than this was left by a worker that died and whose job was given up: it no longer
 * holds its window or blocks 立即运行. Far above any run's length (5,000 calls at 5 a second take 17 minutes).
 */
const ABANDONED_AFTER_HOURS = 6;

/**
 * Takes a window for a run: inserts its record 'running', unless a run that did not fail holds the window (the
 * partial unique index decides between racing workers). The same job claimed again after its worker died takes
 * its own 'running' record back, as does any run once the record is abandoned; the calls it counted stay counted.
 * Null when the window is taken.
 */
export async function takeWindow(
  db: Database,
  run: {
    collection: string;
    source: string;
    scope: string;
    windowKey: string;
    trigger: CollectionRunTrigger;
    jobId: number | null;
    staffName: string | null;
  },
): Promise<number | null> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    INSERT INTO collection_runs (collection, source, scope, window_key, trigger, status, job_id, staff_name)
    VALUES (${run.collection}, ${run.source}, ${run.scope}, ${run.windowKey}, ${run.trigger}, 'running', ${run.jobId},
      ${run.staffName})
    ON CONFLICT (collection, window_key) WHERE status <> 'failed' DO UPDATE SET started_at = now(), job_id = excluded.job_id
    WHERE collection_runs.status = 'running'
      AND ((collection_runs.job_id IS NOT NULL AND collection_runs.job_id = excluded.job_id)
        OR collection_runs.started_at < now() - make_interval(hours => ${ABANDONED_AFTER_HOURS}))
    RETURNING id
  `,
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/** Whether the window has any run record (a worker catching up runs a missed window only when it has none). */
export async function hasRun(db: Database, collection: string, windowKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: collectionRuns.id })
    .from(collectionRuns)
    .where(and(eq(collectionRuns.collection, collection), eq(collectionRuns.windowKey, windowKey)))
    .limit(1);
  return row !== undefined;
}

/** Whether a run of the collection is in hand now (立即运行 waits for it); an abandoned record is not. */
export async function isRunning(db: Database, collection: string): Promise<boolean> {
  const [row] = await db
    .select({ id: collectionRuns.id })
    .from(collectionRuns)
    .where(
      and(
        eq(collectionRuns.collection, collection),
        eq(collectionRuns.status, 'running'),
        sql`${collectionRuns.startedAt} > now() - make_interval(hours => ${ABANDONED_AFTER_HOURS})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Counts one vendor call against the run, if the source's calls today (Shanghai day, every run's, this one's
 * included) are under the budget; false when the budget is spent. One statement, so the budget is read and
 * the call counted together; runs of one source racing in several workers may pass it by a call or two each.
 */
export async function countCall(
  db: Database,
  options: { runId: number; source: string; dailyCalls: number; now: Date },
): Promise<boolean> {
  const dayStart = new Date(dayRange(options.now).start).toISOString();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    UPDATE collection_runs SET calls_made = calls_made + 1
    WHERE id = ${options.runId}
      AND (SELECT coalesce(sum(calls_made), 0) FROM collection_runs
        WHERE source = ${options.source} AND started_at >= ${dayStart}::timestamptz) < ${options.dailyCalls}
    RETURNING id
  `,
  );
  return rows.length > 0;
}

/** The counts a run reports when it finishes. */
export interface RunTally {
  added: number;
  updated: number;
  unchanged: number;
  failures: number;
  /** The vendor's reason for the first failure, or the budget's. */
  error: string | null;
}

export async function finishRun(db: Database, runId: number, status: CollectionRunStatus, tally: RunTally) {
  await db
    .update(collectionRuns)
    .set({
      status,
      finishedAt: new Date(),
      rowsAdded: tally.added,
      rowsUpdated: tally.updated,
      rowsUnchanged: tally.unchanged,
      failures: tally.failures,
      error: tally.error?.slice(0, 2000) ?? null,
    })
    .where(eq(collectionRuns.id, runId));
}

/** Each source's vendor calls in the Shanghai day holding `now`. */
export async function callsToday(db: Database, now: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({ source: collectionRuns.source, calls: sql<number>`coalesce(sum(${collectionRuns.callsMade}), 0)::int` })
    .from(collectionRuns)
    .where(gte(collectionRuns.startedAt, new Date(dayRange(now).start)))
    .groupBy(collectionRuns.source);
  return new Map(rows.map((row) => [row.source, Number(row.calls)]));
}

/** The latest runs of a collection, newest first. */
export async function recentRuns(db: Database, collection: string, limit: number): Promise<CollectionRun[]> {
  return db
    .select()
    .from(collectionRuns)
    .where(eq(collectionRuns.collection, collection))
    .orderBy(desc(collectionRuns.startedAt), desc(collectionRuns.id))
    .limit(limit);
}

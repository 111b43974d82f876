import { and, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { TranscriptSegment } from '../../db/schema/extraction';
import { type LiveReplayReportRecord, liveReplays } from '../../db/schema/live-replay';
import { findOwnedRow, takeOwnedRow } from '../../lib/owned-rows';
import { findRowByKey } from '../../lib/row-by-key';
import { selectPage } from '../../lib/select-page';

/** The live replays' table; nothing else touches it. */

export type LiveReplayRow = typeof liveReplays.$inferSelect;
export type NewLiveReplay = Pick<
  typeof liveReplays.$inferInsert,
  'userId' | 'source' | 'roomId' | 'title' | 'filePath' | 'goods' | 'curve'
>;

export async function insertReplay(db: Database, replay: NewLiveReplay): Promise<LiveReplayRow> {
  const [row] = await db
    .insert(liveReplays)
    .values({ ...replay, status: 'queued', stage: 'queued', progress: 0 })
    .returning();
  return row!;
}

export async function findReplay(db: Database, id: number): Promise<LiveReplayRow | null> {
  return (await findRowByKey(db, liveReplays, liveReplays.id, id)) ?? null;
}

export function findUserReplay(db: Database, userId: number, id: number): Promise<LiveReplayRow | null> {
  return findOwnedRow(db, liveReplays, userId, id);
}

/** A page of the user's replays, newest first, without their transcripts and reports. */
export async function selectUserReplays(db: Database, userId: number, page: { limit: number; offset: number }) {
  const {
    transcript: _transcript,
    report: _report,
    curve: _curve,
    goods: _goods,
    ...columns
  } = getTableColumns(liveReplays);
  return selectPage(db, liveReplays, {
    columns,
    where: eq(liveReplays.userId, userId),
    orderBy: [desc(liveReplays.id)],
    ...page,
  });
}

/** How many of the user's replays wait or run (each will take a unit when done). */
export async function countActiveReplays(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(liveReplays)
    .where(and(eq(liveReplays.userId, userId), inArray(liveReplays.status, ['queued', 'running'])));
  return row?.total ?? 0;
}

/** Records what a running replay is doing. */
export async function markProgress(
  db: Database,
  id: number,
  progress: { stage: LiveReplayRow['stage']; progress: number },
): Promise<void> {
  await db
    .update(liveReplays)
    .set({ status: 'running', ...progress, updatedAt: sql`now()` })
    .where(and(eq(liveReplays.id, id), inArray(liveReplays.status, ['queued', 'running'])));
}

export async function saveTranscript(
  db: Database,
  id: number,
  transcript: { segments: TranscriptSegment[]; durationSeconds: number },
): Promise<void> {
  await db
    .update(liveReplays)
    .set({ transcript: transcript.segments, durationSeconds: transcript.durationSeconds, updatedAt: sql`now()` })
    .where(eq(liveReplays.id, id));
}

/**
 * Stores the report of a running replay and marks it charged, once: true when this call did it (the
 * caller takes the unit in the same transaction), false when the replay was finished or deleted.
 */
export async function finishReplay(
  tx: Database,
  id: number,
  finish: { report: LiveReplayReportRecord; sandbox: boolean; charged: boolean },
): Promise<boolean> {
  const rows = await tx
    .update(liveReplays)
    .set({
      ...finish,
      status: 'done',
      stage: 'done',
      progress: 100,
      error: null,
      filePath: null,
      updatedAt: sql`now()`,
      finishedAt: sql`now()`,
    })
    .where(and(eq(liveReplays.id, id), eq(liveReplays.status, 'running')))
    .returning({ id: liveReplays.id });
  return rows.length > 0;
}

/** Fails a replay that has not finished, with the Chinese reason; nothing is charged. */
export async function failReplay(db: Database, id: number, error: string): Promise<void> {
  await db
    .update(liveReplays)
    .set({ status: 'failed', error, filePath: null, updatedAt: sql`now()`, finishedAt: sql`now()` })
    .where(and(eq(liveReplays.id, id), inArray(liveReplays.status, ['queued', 'running'])));
}

/** Deletes the user's replay; returns it (for its file) or null when there is none. */
export function deleteUserReplay(db: Database, userId: number, id: number): Promise<LiveReplayRow | null> {
  return takeOwnedRow(db, liveReplays, userId, id);
}

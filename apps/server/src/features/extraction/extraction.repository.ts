import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { extractions, type TranscriptSegment, videos } from '../../db/schema';
import { deleteOwnedRow, findOwnedRow } from '../../lib/owned-rows';
import { selectPage } from '../../lib/select-page';

/** SQL of copy extraction: the library videos it reads and the users' extraction history. */

export type ExtractionRow = typeof extractions.$inferSelect;

/** What extraction needs of a library video (002 §3 "Video item used for extraction": duration and share_url). */
export interface ExtractableVideo {
  id: number;
  awemeId: string;
  videoDesc: string;
  shareUrl: string;
  playUrl: string | null;
  durationMs: number;
  status: 'normal' | 'deleted' | 'hidden';
}

const videoColumns = {
  id: videos.id,
  awemeId: videos.awemeId,
  videoDesc: videos.videoDesc,
  shareUrl: videos.shareUrl,
  playUrl: videos.playUrl,
  durationMs: videos.durationMs,
  status: videos.status,
};

/** Library videos by aweme id. */
export function selectVideosByAwemeIds(db: Database, awemeIds: string[]): Promise<ExtractableVideo[]> {
  if (awemeIds.length === 0) return Promise.resolve([]);
  return db
    .select(videoColumns)
    .from(videos)
    .where(and(eq(videos.platform, 'DSO'), inArray(videos.awemeId, awemeIds)));
}

/** The library video whose share link is one of `urls` (a link as pasted, with and without its last slash). */
export async function findVideoByShareUrl(db: Database, urls: string[]): Promise<ExtractableVideo | null> {
  const [row] = await db
    .select(videoColumns)
    .from(videos)
    .where(and(eq(videos.platform, 'DSO'), or(...urls.map((url) => eq(videos.shareUrl, url)))))
    .limit(1);
  return row ?? null;
}

export interface NewExtraction {
  userId: number;
  video: ExtractableVideo;
  batchId: string | null;
  status: 'pending' | 'done' | 'failed';
  text?: string | null;
  segments?: TranscriptSegment[] | null;
  error?: string | null;
  /** The usage ledger's reservation a pending batch item holds. */
  reservationId?: number | null;
}

export async function insertExtractions(db: Database, rows: NewExtraction[]): Promise<ExtractionRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(extractions)
    .values(
      rows.map((row) => ({
        userId: row.userId,
        videoId: row.video.id,
        awemeId: row.video.awemeId,
        videoDesc: row.video.videoDesc,
        shareUrl: row.video.shareUrl,
        durationMs: row.video.durationMs,
        batchId: row.batchId,
        status: row.status,
        text: row.text ?? null,
        segments: row.segments ?? null,
        error: row.error ?? null,
        reservationId: row.reservationId ?? null,
        finishedAt: row.status === 'pending' ? null : sql`now()`,
      })),
    )
    .returning();
}

/** A batch's items still waiting, oldest first, with their video's play address. */
export function selectPendingOfBatch(db: Database, batchId: string) {
  return db
    .select({
      id: extractions.id,
      userId: extractions.userId,
      awemeId: extractions.awemeId,
      durationMs: extractions.durationMs,
      videoDesc: extractions.videoDesc,
      reservationId: extractions.reservationId,
      playUrl: videos.playUrl,
    })
    .from(extractions)
    .leftJoin(videos, eq(videos.id, extractions.videoId))
    .where(and(eq(extractions.batchId, batchId), eq(extractions.status, 'pending')))
    .orderBy(extractions.id);
}

/** Ends a pending item (done or failed); false when it was no longer pending (another run ended it). */
export async function finishExtraction(
  db: Database,
  id: number,
  outcome: { status: 'done'; text: string; segments: TranscriptSegment[] } | { status: 'failed'; error: string },
): Promise<boolean> {
  const rows = await db
    .update(extractions)
    .set(
      outcome.status === 'done'
        ? { status: 'done', text: outcome.text, segments: outcome.segments, error: null, finishedAt: sql`now()` }
        : { status: 'failed', error: outcome.error, finishedAt: sql`now()` },
    )
    .where(and(eq(extractions.id, id), eq(extractions.status, 'pending')))
    .returning({ id: extractions.id });
  return rows.length > 0;
}

/** Turns an answered item back to failed (its unit could not be taken). */
export async function failAnswered(db: Database, id: number, error: string) {
  await db
    .update(extractions)
    .set({ status: 'failed', text: null, segments: null, error, finishedAt: sql`now()` })
    .where(eq(extractions.id, id));
}

export async function selectUserExtractions(
  db: Database,
  userId: number,
  options: { offset: number; limit: number; batchId?: string },
): Promise<{ total: number; rows: ExtractionRow[] }> {
  const where = and(
    eq(extractions.userId, userId),
    options.batchId === undefined ? undefined : eq(extractions.batchId, options.batchId),
  );
  return selectPage(db, extractions, {
    where,
    orderBy: [desc(extractions.id)],
    offset: options.offset,
    limit: options.limit,
  });
}

export function findUserExtraction(db: Database, userId: number, id: number): Promise<ExtractionRow | null> {
  return findOwnedRow(db, extractions, userId, id);
}

export function deleteUserExtraction(db: Database, userId: number, id: number): Promise<boolean> {
  return deleteOwnedRow(db, extractions, userId, id);
}

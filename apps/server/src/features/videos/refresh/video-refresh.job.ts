import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { creators, videos, videoTrends } from '../../../db/schema';
import type {
  PlatformComment,
  PlatformDataProvider,
  PlatformTrendPoint,
  PlatformVideoRecord,
} from '../../../providers/platform-data';
import { type JobHandlers, PermanentJobError } from '../../jobs';
import { refreshHotWords } from '../ingest/hot-words';
import { upsertComments as ingestComments, upsertCreators, upsertVideos } from '../ingest/video-ingest.repository';
import { libraryCreator, libraryVideo } from '../video-platform';
import { creatorIngestOf, videoIngestOf } from './source-records';
import { VIDEOS_REFRESH_JOB } from './video-refresh.service';

const payloadSchema = z.object({ awemeId: z.string().min(1).max(128) });
const HOUR_MS = 3_600_000;
const TREND_HOURS = 72;

/**
 * The refresh job's handlers, given the platform data provider (another helper adds `platformData` to
 * the app's providers). A source that refuses our credentials fails the job at once; one that is
 * down or rate-limited is retried by the worker.
 */
export function videoJobHandlers(deps: { platformData: PlatformDataProvider }): JobHandlers {
  return {
    [VIDEOS_REFRESH_JOB]: async (payload, { db, log }) => {
      const parsed = payloadSchema.safeParse(payload);
      if (!parsed.success) throw new PermanentJobError(`bad payload: ${parsed.error.message}`);
      try {
        const outcome = await refreshVideo(db, deps.platformData, parsed.data.awemeId);
        log.info({ awemeId: parsed.data.awemeId, outcome }, 'video refreshed');
      } catch (error) {
        if ((error as { reason?: unknown }).reason === 'unauthorized') {
          throw new PermanentJobError(`platform data refused: ${(error as Error).message}`);
        }
        throw error;
      }
    },
  };
}

/**
 * Fetches the video, its author, the first page of its comments and its first-72-hours trend, and
 * writes what came back. 'unknown' when the video is not in our library or the source does not know it.
 */
export async function refreshVideo(
  db: Database,
  source: PlatformDataProvider,
  awemeId: string,
): Promise<'refreshed' | 'unknown'> {
  const [stored] = await db.select({ id: videos.id }).from(videos).where(libraryVideo(awemeId));
  if (!stored) return 'unknown';
  const record = await source.fetchVideo(awemeId);
  if (!record) return 'unknown';
  const [creator, comments, trend] = await Promise.all([
    source.fetchCreator(record.authorUserId),
    source.fetchComments(awemeId, null),
    source.fetchTrend(awemeId),
  ]);
  return db.transaction(async (tx) => {
    // Through the same ingest as imports and discovered works: a figure the source did not give keeps the stored one.
    if (creator) await upsertCreators(tx, [creatorIngestOf(creator, source.isDemo)]);
    const written = await upsertVideos(tx, [videoIngestOf(record, source.isDemo)]);
    // The source names an author the library lacks and could not give: nothing of the work is written.
    if (!written.ids.has(awemeId)) return 'unknown' as const;
    if (comments.items.length > 0) await upsertComments(tx, stored.id, comments.items, source.isDemo);
    if (trend.length > 0) await storeTrend(tx, stored.id, record.createTime, trend);
    else await storeSnapshot(tx, stored.id, record);
    return 'refreshed' as const;
  });
}

/**
 * Fetches a creator's account and totals and writes them over the stored row (the scheduled refresh of watched
 * creators). 'unknown' when the creator is not in our library or the source does not know them; a source that
 * cannot answer rejects, and nothing is written.
 */
export async function refreshCreator(
  db: Database,
  source: PlatformDataProvider,
  userId: string,
): Promise<'refreshed' | 'unknown'> {
  const [stored] = await db.select({ id: creators.id }).from(creators).where(libraryCreator(userId));
  if (!stored) return 'unknown';
  const record = await source.fetchCreator(userId);
  if (!record) return 'unknown';
  await upsertCreators(db, [creatorIngestOf(record, source.isDemo)]);
  return 'refreshed';
}

/** The first page of comments through the ingest (one upsert for every source), then their hot words recounted. */
async function upsertComments(db: Database, videoId: number, items: PlatformComment[], isDemo: boolean) {
  await ingestComments(
    db,
    items.map((item) => ({ ...item, videoId, isDemo })),
  );
  await refreshHotWords(db, [videoId]);
}

/**
 * The source's points placed into the 72 hourly slots from the publish hour: a slot holds the last
 * point within its hour; hours without one stay null.
 */
export function trendSlots(publishedAt: Date, points: PlatformTrendPoint[]) {
  const start = new Date(Math.floor(publishedAt.getTime() / HOUR_MS) * HOUR_MS);
  const slots: Array<PlatformTrendPoint | null> = Array.from({ length: TREND_HOURS }, () => null);
  for (const point of [...points].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const slot = Math.floor((point.at.getTime() - start.getTime()) / HOUR_MS);
    if (slot >= 0 && slot < TREND_HOURS) slots[slot] = point;
  }
  return { start, slots };
}

async function storeTrend(db: Database, videoId: number, publishedAt: Date, points: PlatformTrendPoint[]) {
  const { start, slots } = trendSlots(publishedAt, points);
  // Nulls are the unobserved hours: the column mapping only types them as numbers.
  const series = (pick: (point: PlatformTrendPoint) => number) =>
    slots.map((point) => (point ? pick(point) : null)) as number[];
  const values = {
    startTime: start,
    goodValues: series((point) => point.goodCount),
    commentValues: series((point) => point.commentCount),
    shareValues: series((point) => point.shareCount),
    collectValues: series((point) => point.collectCount),
    updatedAt: new Date(),
  };
  await db
    .insert(videoTrends)
    .values({ videoId, ...values })
    .onConflictDoUpdate({ target: videoTrends.videoId, set: values });
}

/**
 * A source that keeps no history (TikHub) gives no trend: the figures just fetched become the point of
 * the hour they were fetched in, kept beside the points of earlier refreshes, so refreshes during the
 * first 72 hours build the trend. Outside the window nothing is written.
 */
async function storeSnapshot(db: Database, videoId: number, record: PlatformVideoRecord) {
  const point: PlatformTrendPoint = {
    at: record.fetchedAt,
    goodCount: record.goodCount,
    commentCount: record.commentCount,
    shareCount: record.shareCount,
    collectCount: record.collectCount,
  };
  const { start, slots } = trendSlots(record.createTime, [point]);
  const slot = slots.findIndex((item) => item !== null);
  if (slot < 0) return;
  const [existing] = await db
    .select({ startTime: videoTrends.startTime })
    .from(videoTrends)
    .where(eq(videoTrends.videoId, videoId))
    .for('update');
  if (existing && existing.startTime.getTime() === start.getTime()) {
    // Set the one slot in SQL: the column mapping reads the arrays' nulls (unobserved hours) as 0.
    const index = slot + 1;
    await db.execute(sql`
      UPDATE video_trends SET
        good_values[${index}] = ${point.goodCount},
        comment_values[${index}] = ${point.commentCount},
        share_values[${index}] = ${point.shareCount},
        collect_values[${index}] = ${point.collectCount},
        updated_at = now()
      WHERE video_id = ${videoId}`);
    return;
  }
  const series = (value: number) => {
    const out: Array<number | null> = Array.from({ length: TREND_HOURS }, () => null);
    out[slot] = value;
    return out as number[];
  };
  const values = {
    startTime: start,
    goodValues: series(point.goodCount),
    commentValues: series(point.commentCount),
    shareValues: series(point.shareCount),
    collectValues: series(point.collectCount),
    updatedAt: new Date(),
  };
  await db
    .insert(videoTrends)
    .values({ videoId, ...values })
    .onConflictDoUpdate({ target: videoTrends.videoId, set: values });
}

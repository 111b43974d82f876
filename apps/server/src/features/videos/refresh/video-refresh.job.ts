import { averagePerVideo, shanghaiDay } from '@dso/domain';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { creators, videos, videoTrends } from '../../../db/schema';
import type { GoodsItem } from '../../../db/schema/videos';
import { keywordGrams } from '../../../lib/grams';
import type {
  PlatformComment,
  PlatformCreatorRecord,
  PlatformDataProvider,
  PlatformTrendPoint,
  PlatformVideoRecord,
} from '../../../providers/platform-data';
import { type JobHandlers, PermanentJobError } from '../../jobs';
import { refreshHotWords } from '../ingest/hot-words';
import { upsertComments as ingestComments } from '../ingest/video-ingest.repository';
import { libraryCreator, libraryVideo, VIDEO_PLATFORM } from '../video-platform';
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
  const [stored] = await db
    .select({ id: videos.id, creatorId: videos.creatorId })
    .from(videos)
    .where(libraryVideo(awemeId));
  if (!stored) return 'unknown';
  const record = await source.fetchVideo(awemeId);
  if (!record) return 'unknown';
  const [creator, comments, trend] = await Promise.all([
    source.fetchCreator(record.authorUserId),
    source.fetchComments(awemeId, null),
    source.fetchTrend(awemeId),
  ]);
  await db.transaction(async (tx) => {
    await tx.update(videos).set(videoColumns(record, source.isDemo)).where(eq(videos.id, stored.id));
    if (creator) {
      await tx.update(creators).set(creatorColumns(creator, source.isDemo)).where(eq(creators.id, stored.creatorId));
    }
    if (comments.items.length > 0) await upsertComments(tx, stored.id, comments.items, source.isDemo);
    if (trend.length > 0) await storeTrend(tx, stored.id, record.createTime, trend);
    else await storeSnapshot(tx, stored.id, record);
  });
  return 'refreshed';
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
  await db.update(creators).set(creatorColumns(record, source.isDemo)).where(eq(creators.id, stored.id));
  return 'refreshed';
}

function videoColumns(record: PlatformVideoRecord, isDemo: boolean) {
  return {
    videoDesc: record.desc,
    videoTag: record.tags,
    originCover: record.cover,
    shareUrl: record.shareUrl,
    playUrl: record.playUrl,
    createTime: record.createTime,
    lastUpdateTime: record.fetchedAt,
    durationMs: record.durationMs,
    goodCount: record.goodCount,
    commentCount: record.commentCount,
    shareCount: record.shareCount,
    collectCount: record.collectCount,
    musicId: record.musicId,
    musicTitle: record.musicTitle,
    // A source that cannot see the goods (TikHub) leaves the stored ones.
    ...(record.goods === null ? {} : { isWithGoods: record.goods.length > 0, goods: storedGoods(record.goods) }),
    status: record.status,
    grams: keywordGrams(VIDEO_PLATFORM, record.desc),
    isDemo,
    updatedAt: new Date(),
  };
}

/** A source's goods as a video stores them. */
export function storedGoods(goods: NonNullable<PlatformVideoRecord['goods']>): GoodsItem[] {
  return goods.map((item) => ({
    title: item.title,
    price_fen: item.priceFen,
    sales: item.sales,
    cover: item.cover,
    product_id: item.productId,
  }));
}

function creatorColumns(record: PlatformCreatorRecord, isDemo: boolean) {
  const works = record.awemeCount;
  return {
    uniqueId: record.uniqueId,
    nickName: record.nickName,
    avatar: record.avatar,
    signature: record.signature,
    gender: record.gender,
    province: record.province,
    city: record.city,
    ...(record.field === null ? {} : { field: record.field }),
    verified: record.verified,
    verifyInfo: record.verifyInfo,
    isCommerce: record.isCommerce,
    mcn: record.mcn,
    totalFollowerCount: record.followerCount,
    totalFavorited: record.totalFavorited,
    awemeCount: works,
    avgGoodCount: averagePerVideo(record.totalFavorited, works),
    // A source without a total (TikHub has none for comments, shares, collects) leaves the stored one.
    ...(record.videoCommentTotalCount === null
      ? {}
      : {
          videoCommentTotalCount: record.videoCommentTotalCount,
          avgCommentCount: averagePerVideo(record.videoCommentTotalCount, works),
        }),
    ...(record.videoShareTotalCount === null
      ? {}
      : {
          videoShareTotalCount: record.videoShareTotalCount,
          avgShareCount: averagePerVideo(record.videoShareTotalCount, works),
        }),
    ...(record.videoCollectTotalCount === null
      ? {}
      : { avgCollectCount: averagePerVideo(record.videoCollectTotalCount, works) }),
    ...(record.salesAmountFen30d === null ? {} : { salesAmountFen: record.salesAmountFen30d }),
    ...(record.liveCount === null ? {} : { liveCount: record.liveCount }),
    grams: keywordGrams(VIDEO_PLATFORM, record.nickName),
    asOf: shanghaiDay(record.fetchedAt),
    isDemo,
    updatedAt: new Date(),
  };
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

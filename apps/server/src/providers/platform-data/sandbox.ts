import { shanghaiDay } from '@dso/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { videos } from '../../db/schema';
import {
  creatorAccountOf,
  creatorIndexOf,
  creatorsByField,
  type DemoCreator,
  type DemoVideo,
  demoComments,
  demoCreator,
  demoTrend,
  demoVideo,
  endOfDay,
  firstRunVideoOptions,
  type VideoDemoOptions,
  videoCreatorIndex,
  videoFieldsOf,
  videoIndexOf,
} from '../../features/videos/demo/generator';
import type {
  PlatformComment,
  PlatformCreatorRecord,
  PlatformDataProvider,
  PlatformPage,
  PlatformTrendPoint,
  PlatformVideoRecord,
} from './index';
import type { PlatformKeywordSource } from './keywords';
import { createSandboxKeywordSource } from './sandbox-keywords';

/*
 * The sandbox platform-data provider (PLATFORM_DATA_PROVIDER=sandbox, the default): answers from the
 * demo generator, so a demo video or creator refreshed through the dialog's button comes back as the
 * generator made it, its figures moved forward with the time since the demo's as-of instant (likes,
 * comments, shares, collects and followers keep growing, fast for a young work and slowly for an old
 * one). Deterministic for the same instant. Ids the demo did not make are unknown (null).
 *
 * The demo places works relative to the day it was seeded as of, which the sandbox reads from the
 * library: a video's publish time when the library holds the video, and the demo's as-of day (its
 * portraits', which no refresh rewrites) for a creator's pace. Without them it takes yesterday.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const COMMENT_PAGE = 20;
const SEARCH_PAGE = 10;
const WORKS_PAGE = 20;
/** Comments the sandbox knows per video (pages of 20). */
const SANDBOX_COMMENTS = 200;

export interface SandboxPlatformDataOptions {
  /** Where the library's copy of a demo video is read (its publish time). */
  db: Database;
  /** The demo set whose works a creator's list and search go through; the first-run set by default. */
  demo?: Pick<VideoDemoOptions, 'seed' | 'creators' | 'videos'>;
  now?: () => Date;
}

/** How much a figure has grown `elapsedMs` after the demo's instant, for a work that was `ageMs` old then. */
function growth(ageMs: number, elapsedMs: number): number {
  const elapsedDays = Math.max(0, elapsedMs) / DAY_MS;
  const youth = Math.exp(-ageMs / (3 * DAY_MS));
  return 1 + (0.02 + 0.6 * youth) * Math.log1p(elapsedDays * 4);
}

/** The sandbox provider over the demo generator. */
export function createSandboxPlatformData(
  options: SandboxPlatformDataOptions,
): PlatformDataProvider & PlatformKeywordSource {
  const demo = options.demo ?? firstRunVideoOptions('2026-01-01');
  const { seed } = demo;
  const now = options.now ?? (() => new Date());
  let fields: Map<string, number[]> | null = null;
  let catalog: Array<{ index: number; creator: number }> | null = null;
  let demoDay: string | null = null;

  /** The day the library's demo data is as of (cached once found), else yesterday of `at`. */
  async function asOfDay(at: Date): Promise<string> {
    if (!demoDay) {
      const [row] = await queryRows<{ day: string | null }>(
        options.db,
        sql`SELECT to_char(min(as_of), 'YYYY-MM-DD') AS day FROM audience_portraits WHERE is_demo`,
      );
      demoDay = row?.day ?? null;
    }
    return demoDay ?? shanghaiDay(new Date(at.getTime() - DAY_MS));
  }

  /** Which demo videos exist and by whom (computed once: a few thousand cheap draws). */
  function works() {
    if (!catalog) {
      fields ??= creatorsByField(seed, demo.creators);
      catalog = Array.from({ length: demo.videos }, (_, index) => ({
        index,
        creator: videoCreatorIndex(seed, index, demo.creators, fields!),
      }));
    }
    return catalog;
  }

  // An id names its creator and work by index, so any size of demo set made with this seed is answered.
  const creatorAt = (index: number): DemoCreator | null =>
    Number.isSafeInteger(index) && index >= 0 ? demoCreator(seed, index) : null;

  /** Stored publish times of demo videos the library holds. */
  async function storedTimes(awemeIds: string[]): Promise<Map<string, Date>> {
    if (awemeIds.length === 0) return new Map();
    const rows = await options.db
      .select({ awemeId: videos.awemeId, createTime: videos.createTime })
      .from(videos)
      .where(and(eq(videos.platform, 'DSO'), inArray(videos.awemeId, awemeIds)));
    return new Map(rows.map((row) => [row.awemeId, row.createTime]));
  }

  /**
   * Video `index` of `creator` as of `at`: the generator's work (made as of yesterday), published at
   * the stored time when the library holds it, its figures grown for the time since the demo instant.
   */
  function videoAt(index: number, creator: DemoCreator, stored: Date | undefined, at: Date) {
    const day = shanghaiDay(new Date(at.getTime() - DAY_MS));
    const base = demoVideo(seed, day, index, creator);
    const ageMs = endOfDay(day).getTime() - base.createTime.getTime();
    const createTime = stored ?? base.createTime;
    const demoInstant = createTime.getTime() + ageMs;
    const factor = growth(ageMs, at.getTime() - demoInstant);
    const grown = (value: number) => Math.round(value * factor);
    const video: DemoVideo = {
      ...base,
      createTime,
      goodCount: grown(base.goodCount),
      commentCount: grown(base.commentCount),
      shareCount: grown(base.shareCount),
      collectCount: grown(base.collectCount),
    };
    return { video, base, factor };
  }

  function record(video: DemoVideo, fetchedAt: Date): PlatformVideoRecord {
    return {
      ...videoFieldsOf(video),
      goods: video.goods.map((item) => ({
        title: item.title,
        priceFen: item.price_fen,
        sales: item.sales,
        cover: item.cover ?? null,
        productId: item.product_id ?? null,
      })),
      fetchedAt,
    };
  }

  async function findVideo(awemeId: string, at: Date) {
    const found = videoIndexOf(seed, awemeId);
    const creator = found ? creatorAt(found.creator) : null;
    if (!found || !creator) return null;
    const stored = (await storedTimes([awemeId])).get(awemeId);
    return videoAt(found.index, creator, stored, at);
  }

  async function page(list: Array<{ index: number; creator: number }>, at: Date): Promise<PlatformVideoRecord[]> {
    const made = list.map(({ index, creator }) => ({ index, creator: creatorAt(creator)! }));
    const ids = made.map(({ index, creator }) => demoVideo(seed, shanghaiDay(at), index, creator).awemeId);
    const times = await storedTimes(ids);
    return made.map(({ index, creator }, i) => record(videoAt(index, creator, times.get(ids[i]!), at).video, at));
  }

  const offsetOf = (cursor: string | null) => {
    const offset = cursor === null ? 0 : Number(cursor);
    return Number.isInteger(offset) && offset >= 0 ? offset : 0;
  };

  return {
    name: 'sandbox',
    isDemo: true,
    // The keyword side (sandbox-keywords.ts) draws from the demo keyword library's words.
    ...createSandboxKeywordSource({ now }),

    async fetchVideo(awemeId) {
      const at = now();
      const found = await findVideo(awemeId, at);
      return found ? record(found.video, at) : null;
    },

    async fetchCreator(userId): Promise<PlatformCreatorRecord | null> {
      const index = creatorIndexOf(seed, userId);
      const creator = index === null ? null : creatorAt(index);
      if (!creator) return null;
      const at = now();
      // Followers keep their 30-day pace since the demo's day; the totals grow with them.
      const day = await asOfDay(at);
      const elapsedDays = Math.max(0, at.getTime() - endOfDay(day).getTime()) / DAY_MS;
      const followerCount = Math.max(
        0,
        Math.round(creator.followerCount + (creator.followerGrowth30d / 30) * elapsedDays),
      );
      // The header counts are the works its works list answers (as the demo seed stores them):
      // 作品 is how many, 获赞 and the other totals their sums as of now.
      const listed = await page(
        works().filter((work) => work.creator === index),
        at,
      );
      const sum = (of: (video: PlatformVideoRecord) => number) => listed.reduce((total, video) => total + of(video), 0);
      return {
        ...creatorAccountOf(creator),
        followerCount,
        totalFavorited: sum((video) => video.goodCount),
        awemeCount: listed.length,
        videoCommentTotalCount: sum((video) => video.commentCount),
        videoShareTotalCount: sum((video) => video.shareCount),
        videoCollectTotalCount: sum((video) => video.collectCount),
        salesAmountFen30d: creator.salesAmountFen30d,
        liveCount: creator.liveCount,
        fetchedAt: at,
      };
    },

    async fetchCreatorVideos(userId, cursor): Promise<PlatformPage<PlatformVideoRecord>> {
      const index = creatorIndexOf(seed, userId);
      if (index === null || !creatorAt(index)) return { items: [], nextCursor: null, total: null };
      const own = works().filter((work) => work.creator === index);
      const at = now();
      const offset = offsetOf(cursor);
      const items = await page(own, at);
      items.sort((a, b) => b.createTime.getTime() - a.createTime.getTime());
      const slice = items.slice(offset, offset + WORKS_PAGE);
      const next = offset + WORKS_PAGE < items.length ? String(offset + WORKS_PAGE) : null;
      return { items: slice, nextCursor: next, total: items.length };
    },

    async fetchComments(awemeId, cursor): Promise<PlatformPage<PlatformComment>> {
      const at = now();
      const found = await findVideo(awemeId, at);
      if (!found) return { items: [], nextCursor: null, total: null };
      // The stored comments keep their ids; their likes grow with the work's.
      // Comments up to the instant asked about, none after it.
      const all = demoComments(seed, found.video, SANDBOX_COMMENTS, at).map((comment) => ({
        ...comment,
        diggCount: Math.round(comment.diggCount * found.factor),
      }));
      const offset = offsetOf(cursor);
      const next = offset + COMMENT_PAGE < all.length ? String(offset + COMMENT_PAGE) : null;
      return { items: all.slice(offset, offset + COMMENT_PAGE), nextCursor: next, total: found.video.commentCount };
    },

    async fetchTrend(awemeId): Promise<PlatformTrendPoint[]> {
      const at = now();
      const found = await findVideo(awemeId, at);
      if (!found) return [];
      const trend = demoTrend(seed, at, found.video);
      const points: PlatformTrendPoint[] = [];
      trend.goodValues.forEach((good, hour) => {
        if (good === null) return;
        points.push({
          // The hour's last moment, before `at` for the current hour.
          at: new Date(Math.min(at.getTime(), trend.startTime.getTime() + (hour + 1) * HOUR_MS - 1)),
          goodCount: good,
          commentCount: trend.commentValues[hour] ?? 0,
          shareCount: trend.shareValues[hour] ?? 0,
          collectCount: trend.collectValues[hour] ?? 0,
        });
      });
      return points;
    },

    async searchVideos(keyword, cursor): Promise<PlatformPage<PlatformVideoRecord>> {
      const wanted = keyword.trim().toLowerCase();
      if (!wanted) return { items: [], nextCursor: null, total: 0 };
      const at = now();
      const day = shanghaiDay(at);
      const matches = works().filter(({ index, creator }) =>
        demoVideo(seed, day, index, creatorAt(creator)!).desc.toLowerCase().includes(wanted),
      );
      const items = await page(matches, at);
      items.sort((a, b) => b.goodCount - a.goodCount || (a.awemeId < b.awemeId ? -1 : 1));
      const offset = offsetOf(cursor);
      const next = offset + SEARCH_PAGE < items.length ? String(offset + SEARCH_PAGE) : null;
      return { items: items.slice(offset, offset + SEARCH_PAGE), nextCursor: next, total: items.length };
    },
  };
}

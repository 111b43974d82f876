import { shanghaiDay } from '@dso/domain';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../db/client';
import { yieldToEventLoop } from '../../../lib/yield-to-event-loop';
import { shiftDays } from '../../keywords';
import { refreshHotWords } from '../ingest/hot-words';
import {
  type CreatorIngest,
  linkVideoKeywords,
  type PortraitIngest,
  rankUnrankedKeywordVideos,
  upsertComments,
  upsertCreators,
  upsertFollowerHistory,
  upsertLiveSessions,
  upsertPortraits,
  upsertTopics,
  upsertTrends,
  upsertVideos,
  type VideoIngest,
} from '../ingest/video-ingest.repository';
import { withTitleGramsRecounted } from '../lists/title-grams';
import {
  creatorAccountOf,
  type DemoCreator,
  type DemoLiveSession,
  type DemoPortrait,
  type DemoVideo,
  demoCreator,
  endOfDay,
  firstRunVideoOptions,
  generateVideoDemo,
  HEAD_PLAN_VIDEOS,
  type VideoDemoOptions,
  videoFieldsOf,
} from './generator';

export { firstRunVideoOptions, type VideoDemoOptions };

/** What the seed wrote. */
export interface VideoSeedCounts {
  creators: number;
  videos: number;
  comments: number;
  keywordLinks: number;
  liveSessions: number;
  topics: number;
  ms: number;
}

/** A demo creator as the ingest takes it. */
export function creatorIngestOf(creator: DemoCreator, asOf: string, fetchedAt?: Date): CreatorIngest {
  return {
    ...creatorAccountOf(creator),
    followerCount: creator.followerCount,
    followerGrowth30d: creator.followerGrowth30d,
    totalFavorited: creator.totalFavorited,
    awemeCount: creator.awemeCount,
    videoCommentTotalCount: creator.videoCommentTotalCount,
    videoShareTotalCount: creator.videoShareTotalCount,
    videoCollectTotalCount: creator.videoCollectTotalCount,
    salesAmountFen30d: creator.salesAmountFen30d,
    liveCount: creator.liveCount,
    asOf: fetchedAt ? shanghaiDay(fetchedAt) : asOf,
    isDemo: true,
  };
}

/** A demo video as the ingest takes it, with its stored transcript when it has one. */
export function videoIngestOf(video: DemoVideo, fetchedAt: Date, transcript: string | null = null): VideoIngest {
  return {
    ...videoFieldsOf(video),
    score: video.score,
    fetchedAt,
    goods: video.goods,
    wordNew: video.wordNew,
    transcript,
    isDemo: true,
  };
}

function portraitIngestOf(
  portrait: DemoPortrait,
  subjectType: 'video' | 'creator',
  subjectId: number,
  asOf: string,
): PortraitIngest {
  return { ...portrait, subjectType, subjectId, asOf, isDemo: true };
}

function liveIngestOf(session: DemoLiveSession) {
  return { ...session, isDemo: true };
}

/**
 * The library keywords a work is linked to: every phrase its text holds for a detailed work (its
 * related-keyword tab, at least 10), the phrases of its title for the rest, so a benchmark's millions
 * of works (and a journey's hundreds past the detailed ones) do not carry ten links each.
 */
function linkedKeywords(video: DemoVideo, options: VideoDemoOptions): string[] {
  if (video.index < options.detailedVideos) return video.keywords;
  return video.keywords.filter((keyword) => video.title.includes(keyword));
}

/** Per creator (by index): works, likes, comments, shares and collects of the works the seed stored. */
class WorkTotals {
  private readonly sums: Float64Array;
  constructor(readonly creators: number) {
    this.sums = new Float64Array(creators * 5);
  }
  add(video: DemoVideo) {
    const at = video.creator * 5;
    this.sums[at]! += 1;
    this.sums[at + 1]! += video.goodCount;
    this.sums[at + 2]! += video.commentCount;
    this.sums[at + 3]! += video.shareCount;
    this.sums[at + 4]! += video.collectCount;
  }
  of(creator: number) {
    const at = creator * 5;
    const [works, likes, comments, shares, collects] = Array.from(this.sums.subarray(at, at + 5));
    return { works: works!, likes: likes!, comments: comments!, shares: shares!, collects: collects! };
  }
}

/**
 * A demo creator's header counts are its stored works' (docs/videos.md): 作品 is how many works its
 * works tab lists, 获赞 and the comment, share and collect totals their sums, so the header and the
 * tab tell one story. Written through the ingest, which derives the per-video averages.
 */
async function storeWorkTotals(db: Database, options: VideoDemoOptions, works: WorkTotals, asOf: string) {
  for (let start = 0; start < options.creators; start += 1_000) {
    const batch: CreatorIngest[] = [];
    for (let index = start; index < Math.min(options.creators, start + 1_000); index++) {
      const totals = works.of(index);
      const creator = demoCreator(options.seed, index);
      batch.push({
        ...creatorIngestOf(creator, asOf),
        awemeCount: totals.works,
        totalFavorited: totals.likes,
        videoCommentTotalCount: totals.comments,
        videoShareTotalCount: totals.shares,
        videoCollectTotalCount: totals.collects,
      });
    }
    await upsertCreators(db, batch);
    await yieldToEventLoop();
  }
}

/**
 * Seeds the demo platform data (creators with follower history and portraits, videos with comments,
 * trends, portraits, transcripts, hot words and their keyword links, live sessions, topics) through the ingest, in
 * batches with a yield between them. Idempotent: a second run updates the same rows. Call it after
 * the keyword seed: videos link to the keyword rows that exist. `log` gets one line at the end.
 */
export async function seedVideoDemo(
  db: Database,
  options: VideoDemoOptions,
  log?: (message: string, data?: Record<string, unknown>) => void,
  onBatch?: (counts: Omit<VideoSeedCounts, 'ms'>) => void,
): Promise<VideoSeedCounts> {
  const started = Date.now();
  const counts = { creators: 0, videos: 0, comments: 0, keywordLinks: 0, liveSessions: 0, topics: 0 };
  const asOf = options.asOf;
  const fetchedAt = endOfDay(asOf);
  const works = new WorkTotals(options.creators);
  for (const batch of generateVideoDemo(options)) {
    if (batch.kind === 'creators') {
      const { ids } = await upsertCreators(
        db,
        batch.creators.map(({ creator }) => creatorIngestOf(creator, asOf)),
      );
      counts.creators += ids.size;
      const history = batch.creators.flatMap(({ creator, history: days }) =>
        (days ?? []).map((followerCount, day) => ({
          creatorId: ids.get(creator.userId)!,
          day: shiftDays(asOf, day - (days!.length - 1)),
          followerCount,
        })),
      );
      for (let start = 0; start < history.length; start += 5_000) {
        await upsertFollowerHistory(db, history.slice(start, start + 5_000));
      }
      await upsertPortraits(
        db,
        batch.creators.flatMap(({ creator, portrait }) =>
          portrait ? [portraitIngestOf(portrait, 'creator', ids.get(creator.userId)!, asOf)] : [],
        ),
      );
    } else if (batch.kind === 'videos') {
      const { ids } = await upsertVideos(
        db,
        batch.videos.map(({ video, transcript }) => videoIngestOf(video, fetchedAt, transcript)),
      );
      counts.videos += ids.size;
      for (const { video } of batch.videos) works.add(video);
      const idOf = (video: DemoVideo) => ids.get(video.awemeId)!;
      const comments = batch.videos.flatMap(({ video, comments: list }) =>
        list.map((comment) => ({ ...comment, videoId: idOf(video), isDemo: true })),
      );
      for (let start = 0; start < comments.length; start += 5_000) {
        await upsertComments(db, comments.slice(start, start + 5_000));
      }
      counts.comments += comments.length;
      await upsertTrends(
        db,
        batch.videos.flatMap(({ video, trend }) => (trend ? [{ videoId: idOf(video), ...trend }] : [])),
      );
      await upsertPortraits(
        db,
        batch.videos.flatMap(({ video, portrait }) =>
          portrait ? [portraitIngestOf(portrait, 'video', idOf(video), asOf)] : [],
        ),
      );
      counts.keywordLinks += await linkVideoKeywords(
        db,
        batch.videos.flatMap(({ video }) =>
          linkedKeywords(video, options).map((keyword) => ({ videoId: idOf(video), keyword, searchRank: null, asOf })),
        ),
      );
      // The detailed works get their hot words here; a benchmark's millions of others are counted when
      // their comments are next refreshed (segmenting every comment would dominate a large load).
      await refreshHotWords(
        db,
        batch.videos
          .filter(({ video, comments: list }) => list.length > 0 && video.index < options.detailedVideos)
          .map(({ video }) => idOf(video)),
      );
    } else if (batch.kind === 'comments') {
      // Deeper sections of works already stored: the first comments are the same rows (same ids).
      const stored = await queryRows<{ id: number; aweme_id: string }>(
        db,
        sql`SELECT id, aweme_id FROM videos WHERE platform = 'DSO'
              AND aweme_id = ANY(${sql.param(batch.sections.map(({ video }) => video.awemeId))}::text[])`,
      );
      const idOf = new Map(stored.map((row) => [row.aweme_id, Number(row.id)]));
      const rows = batch.sections.flatMap(({ video, comments: list }) =>
        list.map((comment) => ({ ...comment, videoId: idOf.get(video.awemeId)!, isDemo: true })),
      );
      await upsertComments(db, rows);
      // Counted once: the rows the video batches wrote for these works are among them.
      const written = batch.sections.reduce(
        (sum, { video }) => sum + Math.min(options.commentsPerVideo, video.commentCount),
        0,
      );
      counts.comments += rows.length - written;
      // The deep sections are of detailed works, whose hot words are counted at seeding.
      await refreshHotWords(db, [...idOf.values()]);
    } else if (batch.kind === 'live') {
      const { ids } = await upsertLiveSessions(db, batch.sessions.map(liveIngestOf));
      counts.liveSessions += ids.size;
    } else {
      const { ids } = await upsertTopics(
        db,
        batch.topics.map((topic) => ({ ...topic, isDemo: true })),
      );
      counts.topics += ids.size;
    }
    onBatch?.(counts);
    // A large seed must not hold the event loop (the first start serves nothing meanwhile, but a
    // server seeding e2e data does).
    await yieldToEventLoop();
  }
  await storeWorkTotals(db, options, works, asOf);
  await rankUnrankedKeywordVideos(db, asOf);
  await db.execute(
    sql.raw(
      'ANALYZE creators, creator_follower_history, videos, video_comments, video_trends, video_hot_words, ' +
        'audience_portraits, video_keywords, live_sessions, live_minutes, topics, topic_videos',
    ),
  );
  const result = { ...counts, ms: Date.now() - started };
  log?.('seeded the demo video library', result);
  return result;
}

/**
 * The browser journeys' video library: every head-term work and a few hundred more, small enough to
 * seed in a few seconds per journey server (after its keyword seed).
 */
export function e2eVideoOptions(asOf: string): VideoDemoOptions {
  return {
    ...firstRunVideoOptions(asOf),
    creators: 300,
    videos: HEAD_PLAN_VIDEOS + 400,
    commentsPerVideo: 12,
    detailedVideos: 800,
    detailedCreators: 300,
    liveSessions: 8,
    topics: 30,
    now: new Date(),
    // The video lists journey brings its own breakout works and expects them first.
    breakoutRate: 0,
  };
}

/**
 * The works whose comment sections are deep (each industry’s most liked, 220 comments: `DEEP_COMMENTS`)
 * in the demo set of `options`, most liked first, with their creators: what a journey opens to page
 * comments to the 10th page. Generates the set (a few seconds for a journey's).
 */
export function deepCommentWorks(options: VideoDemoOptions): Array<{ awemeId: string; authorUserId: string }> {
  for (const batch of generateVideoDemo(options)) {
    if (batch.kind !== 'comments') continue;
    return batch.sections
      .map(({ video }) => video)
      .sort((a, b) => b.goodCount - a.goodCount)
      .map((video) => ({ awemeId: video.awemeId, authorUserId: video.authorUserId }));
  }
  return [];
}

/** The first start's demo video library: {@link seedVideoDemo} with {@link firstRunVideoOptions}. */
export function seedFirstRunVideos(
  db: Database,
  asOf: string,
  log?: (message: string, data?: Record<string, unknown>) => void,
): Promise<VideoSeedCounts> {
  return seedVideoDemo(db, { ...firstRunVideoOptions(asOf), now: new Date() }, log);
}

/**
 * The video tables' secondary indexes (title and nickname grams, sorts, comment pages): dropped while
 * a large seed loads and built once at the end, one sorted build instead of millions of incremental
 * inserts. Their definitions are read from the database before the drop, so the migrations stay the
 * one definition.
 */
const BULK_INDEXES = [
  'creators_grams_idx',
  'creators_followers_idx',
  'creators_favorited_idx',
  'creators_growth_idx',
  'creators_field_followers_idx',
  'creators_province_followers_idx',
  'creators_class_favorited_idx',
  'creators_class_growth_idx',
  'videos_grams_idx',
  'videos_creator_time_idx',
  'videos_create_time_idx',
  'videos_good_count_idx',
  'video_comments_digg_idx',
  'video_comments_time_idx',
  'video_keywords_keyword_idx',
];

/**
 * Runs `load` with the video tables' secondary indexes dropped and the title-character counting off,
 * then rebuilds the indexes and counts the titles once.
 */
export async function withVideoIndexesRebuilt(db: Database, load: () => Promise<void>, log: (line: string) => void) {
  const definitions = await queryRows<{ indexname: string; indexdef: string }>(
    db,
    sql`SELECT indexname, indexdef FROM pg_indexes WHERE indexname = ANY(${sql.param(BULK_INDEXES)}::text[])`,
  );
  for (const { indexname } of definitions) await db.execute(sql.raw(`DROP INDEX IF EXISTS ${indexname}`));
  try {
    await withTitleGramsRecounted(db, load);
  } finally {
    for (const { indexname, indexdef } of definitions) {
      const started = Date.now();
      await db.execute(sql.raw(indexdef));
      log(`built ${indexname} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
  }
}

/**
 * {@link seedFirstRunVideos} when the video library is empty (an installation seeded before the video
 * library existed gets it on its next start); resolves whether it seeded.
 */
export async function seedFirstRunVideosIfEmpty(
  db: Database,
  asOf: string,
  log?: (message: string, data?: Record<string, unknown>) => void,
): Promise<boolean> {
  const [existing] = await queryRows<{ found: boolean }>(db, sql`SELECT EXISTS (SELECT 1 FROM videos) AS found`);
  if (existing?.found) return false;
  await seedFirstRunVideos(db, asOf, log);
  return true;
}

import type { Database } from '../db/client';
import {
  audiencePortraits,
  creatorFollowerHistory,
  creators,
  keywords,
  topics,
  topicVideos,
  videoComments,
  videoHotWords,
  videoKeywords,
  videos,
  videoTrends,
} from '../db/schema';
import { keywordInput } from '../features/keywords/keyword.fixtures';
import {
  type DemoVideo,
  firstRunVideoOptions,
  generateVideoDemo,
  type VideoDemoOptions,
} from '../features/videos/demo/generator';
import { seedVideoDemo } from '../features/videos/demo/seed';
import { keywordGrams } from '../lib/grams';

/** 露营装备 (旅游出行, not demo data): the keyword the ingest and import tests' works name in their words. */
export const campingKeyword = keywordInput('露营装备', 9_000, {
  monthCoverCount: 50_000,
  relatedWorkCount: 1_000,
  category: null,
  industry: '旅游出行',
  commerceIntent: true,
  isDemo: false,
});

let serial = 0;
const nextId = (prefix: string) => `${prefix}${Date.now()}${String(++serial).padStart(4, '0')}`;

/** The audience portrait {@link createCreator} gives a creator asked for one, as of the creator's day. */
export const creatorPortrait = {
  gender: '男',
  age: '31-40',
  genderMore: [
    { name: '男', value: 0.7 },
    { name: '女', value: 0.3 },
  ],
  provinceMore: [{ name: '浙江', value: 0.3 }],
};

export interface CreatorFactoryInput {
  userId?: string;
  nickName?: string;
  followers?: number;
  salesAmountFen?: number;
  avgGoodCount?: number;
  /** 领域, e.g. 美食餐饮. */
  field?: string | null;
  province?: string;
  isCommerce?: boolean;
  followerGrowth30d?: number;
  totalFavorited?: number;
  /** The day the figures are of ('2026-11-20' by default). */
  asOf?: string;
  /** Followers per day to record (creator_follower_history). */
  followerHistory?: Array<{ day: string; followers: number }>;
  /** Add an audience portrait with these gender shares. */
  portrait?: boolean;
  /** Demo data (false by default). */
  isDemo?: boolean;
}

/** Inserts a creator with plausible figures; returns the row. */
export async function createCreator(db: Database, input: CreatorFactoryInput = {}) {
  const nickName = input.nickName ?? `达人${++serial}`;
  const [row] = await db
    .insert(creators)
    .values({
      userId: input.userId ?? nextId('u'),
      uniqueId: `dy${serial}`,
      nickName,
      avatar: '',
      province: input.province ?? '',
      isCommerce: input.isCommerce ?? false,
      totalFollowerCount: input.followers ?? 50_000,
      followerGrowth30d: input.followerGrowth30d ?? 0,
      totalFavorited: input.totalFavorited ?? 900_000,
      awemeCount: 30,
      videoCommentTotalCount: 12_000,
      videoShareTotalCount: 3_000,
      avgGoodCount: input.avgGoodCount ?? 30_000,
      avgCommentCount: 400,
      avgShareCount: 100,
      avgCollectCount: 250,
      salesAmountFen: input.salesAmountFen ?? 0,
      field: input.field ?? null,
      grams: keywordGrams('DSO', nickName),
      asOf: input.asOf ?? '2026-11-20',
      isDemo: input.isDemo ?? false,
    })
    .returning();
  const creator = row!;
  if (input.followerHistory?.length) {
    const history = input.followerHistory.map((point) => ({ day: point.day, followerCount: point.followers }));
    await db.insert(creatorFollowerHistory).values(history.map((point) => ({ creatorId: creator.id, ...point })));
  }
  if (input.portrait) {
    await db
      .insert(audiencePortraits)
      .values({ subjectType: 'creator', subjectId: creator.id, ...creatorPortrait, asOf: creator.asOf });
  }
  return creator;
}

/** The audience portrait {@link createVideo} gives a video asked for one. */
export const videoPortrait = {
  gender: '女',
  age: '24-30',
  genderMore: [
    { name: '女', value: 0.6 },
    { name: '男', value: 0.4 },
  ],
  // Stored largest first, as an import may give them: the wire puts the scales in their order.
  ageMore: [
    { name: '24-30', value: 0.38 },
    { name: '18-23', value: 0.3 },
    { name: '31-40', value: 0.2 },
    { name: '41-50', value: 0.08 },
    { name: '50+', value: 0.04 },
  ],
  cityLevelMore: [
    { name: '新一线', value: 0.4 },
    { name: '二线', value: 0.35 },
    { name: '一线', value: 0.25 },
  ],
  provinceMore: [{ name: '广东', value: 0.2 }],
  asOf: '2026-11-20',
};

export interface VideoFactoryInput {
  creatorId?: number;
  awemeId?: string;
  desc?: string;
  status?: 'normal' | 'deleted' | 'hidden';
  playUrl?: string | null;
  createTime?: Date;
  /** Likes (12,000 by default). */
  goodCount?: number;
  /** Hashtags (['美食'] by default). */
  tags?: string[];
  /** Milliseconds; 0 = an image-text post (15 s by default). */
  durationMs?: number;
  /** Comments to add, most liked first by their index (digg_count falls with the index). */
  comments?: number;
  /** Hot words to store (name, count), as given. */
  hotWords?: Array<{ name: string; count: number }>;
  /** Add a portrait with these gender shares. */
  portrait?: boolean;
  /** Hourly cumulative likes of the trend (slot 0 = the publish hour); absent = no trend row. */
  trendLikes?: Array<number | null>;
  /** Library keywords (DSO) the video covers. */
  keywords?: Array<{
    keyword: string;
    monthCoverCount: number;
    competition: number;
    searchRank?: number | null;
    /** The day of the ranking ('2026-11-20' by default). */
    asOf?: string;
  }>;
  /** Demo data (false by default). */
  isDemo?: boolean;
}

/** Inserts a video (and a creator when none is given) with the parts the test asks for. */
export async function createVideo(db: Database, input: VideoFactoryInput = {}) {
  const creatorId = input.creatorId ?? (await createCreator(db)).id;
  const desc = input.desc ?? `视频${++serial} 的标题`;
  const createTime = input.createTime ?? new Date('2026-11-01T08:00:00Z');
  const [video] = await db
    .insert(videos)
    .values({
      awemeId: input.awemeId ?? nextId('7'),
      creatorId,
      videoDesc: desc,
      videoTag: input.tags ?? ['美食'],
      videoScore: 87.5,
      originCover: '',
      shareUrl: 'https://example.test/share',
      playUrl: input.playUrl === undefined ? 'https://example.test/play.mp4' : input.playUrl,
      createTime,
      lastUpdateTime: new Date('2026-11-20T00:00:00Z'),
      durationMs: input.durationMs ?? 15_000,
      goodCount: input.goodCount ?? 12_000,
      commentCount: input.comments ?? 0,
      shareCount: 300,
      collectCount: 800,
      goods: [{ title: '锅', price_fen: 9_900, sales: 12 }],
      isWithGoods: true,
      status: input.status ?? 'normal',
      wordNew: ['火锅', '食谱'],
      grams: keywordGrams('DSO', desc),
      isDemo: input.isDemo ?? false,
    })
    .returning();
  const v = video!;
  if (input.comments) {
    await db.insert(videoComments).values(
      Array.from({ length: input.comments }, (_, i) => ({
        videoId: v.id,
        cid: `c${v.id}-${i}`,
        text: `评论${i}`,
        createTime: new Date(createTime.getTime() + i * 60_000),
        diggCount: 10_000 - i,
        replyCount: i % 3,
        nickname: `用户${i}`,
        avatarUrl: '',
      })),
    );
  }
  if (input.hotWords) {
    await db.insert(videoHotWords).values({ videoId: v.id, words: input.hotWords, commentCount: input.comments ?? 0 });
  }
  if (input.portrait) {
    await db.insert(audiencePortraits).values({ subjectType: 'video', subjectId: v.id, ...videoPortrait });
  }
  if (input.trendLikes) {
    const likes = input.trendLikes;
    await db.insert(videoTrends).values({
      videoId: v.id,
      startTime: createTime,
      goodValues: likes as number[],
      commentValues: likes.map((like) => (like === null ? null : Math.floor(like / 10))) as number[],
      shareValues: likes.map((like) => (like === null ? null : Math.floor(like / 20))) as number[],
      collectValues: likes.map((like) => (like === null ? null : Math.floor(like / 5))) as number[],
    });
  }
  for (const entry of input.keywords ?? []) {
    const [keyword] = await db
      .insert(keywords)
      .values({
        platform: 'DSO',
        keyword: entry.keyword,
        grams: keywordGrams('DSO', entry.keyword),
        monthCoverCount: entry.monthCoverCount,
        competition: entry.competition,
        firstSeen: '2026-01-01',
        asOf: '2026-11-20',
      })
      .onConflictDoUpdate({
        target: [keywords.platform, keywords.country, keywords.keyword],
        set: { monthCoverCount: entry.monthCoverCount, competition: entry.competition },
      })
      .returning({ id: keywords.id });
    await db.insert(videoKeywords).values({
      videoId: v.id,
      keywordId: keyword!.id,
      searchRank: entry.searchRank ?? null,
      asOf: entry.asOf ?? '2026-11-20',
    });
  }
  return v;
}

export interface TopicFactoryInput {
  kind?: 'video' | 'image_text';
  name?: string;
  heat?: number;
  /** Null: unknown, as a collected topic's. */
  videoCount?: number | null;
  /** Change of heat against the day before, a fraction; null when unknown. */
  growth?: number | null;
  day?: string;
  /** Videos (our ids) under the topic. */
  videoIds?: number[];
}

/** Inserts a topic of a day with the videos under it; returns the row. */
export async function createTopic(db: Database, input: TopicFactoryInput = {}) {
  const [topic] = await db
    .insert(topics)
    .values({
      kind: input.kind ?? 'video',
      name: input.name ?? `话题${++serial}`,
      heat: input.heat ?? 100_000,
      videoCount: input.videoCount === undefined ? (input.videoIds?.length ?? 0) : input.videoCount,
      growth: input.growth === undefined ? 0.12 : input.growth,
      day: input.day ?? '2026-11-20',
    })
    .returning();
  if (input.videoIds?.length) {
    await db.insert(topicVideos).values(input.videoIds.map((videoId) => ({ topicId: topic!.id, videoId })));
  }
  return topic!;
}

/**
 * A small demo library for a suite that reads the demo's works: the first-run set cut to `size` (its detailed
 * videos and creators none unless given), without comments, live sessions or topics, so it seeds in seconds.
 */
export function smallVideoDemo(
  asOf: string,
  size: Pick<VideoDemoOptions, 'creators' | 'videos'> &
    Partial<Pick<VideoDemoOptions, 'seed' | 'detailedVideos' | 'detailedCreators'>>,
): VideoDemoOptions {
  return {
    ...firstRunVideoOptions(asOf),
    commentsPerVideo: 0,
    detailedVideos: 0,
    detailedCreators: 0,
    liveSessions: 0,
    topics: 0,
    ...size,
  };
}

/**
 * Seeds the demo set of `options` through the real seed and answers its first public work that the generator gave a
 * transcript, with the transcript: what the suites of the speech-to-text sandbox and of extraction read back.
 */
export async function seedSpokenDemoVideo(
  db: Database,
  options: VideoDemoOptions,
): Promise<{ video: DemoVideo; transcript: string }> {
  await seedVideoDemo(db, options);
  for (const batch of generateVideoDemo(options)) {
    if (batch.kind !== 'videos') continue;
    const entry = batch.videos.find((candidate) => candidate.transcript && candidate.video.status === 'normal');
    if (entry) return { video: entry.video, transcript: entry.transcript! };
  }
  throw new Error('the demo set has no public work with a transcript');
}

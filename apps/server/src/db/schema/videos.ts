import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ownerId, users } from './accounts';
import { at, createdAt, extensionOf, isDemo, partOf, rowId, updatedAt } from './columns';
import { bytea, keywords } from './keywords';

/*
 * Videos, creators, comments, audience portraits, live sessions and topics (002 §3, §4, §9):
 * platform data the product imports (importers, the demo generator, the platform data provider), never
 * typed in by users. docs/videos.md describes the model.
 *
 * Units: money is integer fen (`*_fen`), durations milliseconds, instants timestamptz, days `date`
 * ('YYYY-MM-DD' strings). Counts are bigint read as JS numbers (exact up to 2^53). Platform ids (aweme
 * id, user id, room id, comment id) are text: they exceed 53 bits and some are not numeric (sec_uid).
 * Creator size and sales classes are derived (packages/domain creators.ts), never stored.
 */

const platform = () => text('platform').notNull().default('DSO');
const count = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const emptyTextArray = sql`'{}'::text[]`;
const emptyJsonList = sql`'[]'::jsonb`;

/** One share of a distribution: `value` is a ratio (0–1). */
export interface PortraitShare {
  name: string;
  value: number;
}

/** A product sold in a video or a live session. */
export interface GoodsItem {
  title: string;
  price_fen: number;
  /** Units sold (a live session: during the session; a video: as the platform reports). */
  sales: number;
  cover?: string | null;
  /** The platform's product id when known. */
  product_id?: string | null;
}

/** Hot words of a video's comments, most frequent first. */
export interface HotWord {
  name: string;
  count: number;
}

/**
 * A creator's size class as its place in `sizeClassCodes` (0 tail … 4 head), by followers with the
 * edges of the domain's `creatorSizeRanges` (<10,000; to 100,000; to 1,000,000; to 5,000,000; above).
 * The class indexes below are keyed on it: favorites and follower growth rise with followers, so a
 * small class sorted by either sits at the end of the plain sort index, behind most of the library.
 */
export function creatorSizeClassRank(followers: AnyPgColumn): SQL {
  return sql`(CASE WHEN ${followers} < 10000 THEN 0 WHEN ${followers} <= 100000 THEN 1 WHEN ${followers} <= 1000000 THEN 2 WHEN ${followers} <= 5000000 THEN 3 ELSE 4 END)`;
}

/**
 * Creators (达人) of a platform. `user_id` is the platform's account id (the `userId` of the creator
 * profile call); `unique_id` the handle users see (抖音号). Per-video averages are kept for the video
 * dialog, which shows each figure beside the creator's average. `grams` holds the n-gram hashes of the
 * lower-cased nickname (the keyword search method, features/keywords/grams.ts) for nickname search.
 */
export const creators = pgTable(
  'creators',
  {
    id: rowId(),
    platform: platform(),
    userId: text('user_id').notNull(),
    uniqueId: text('unique_id').notNull().default(''),
    nickName: text('nick_name').notNull(),
    avatar: text('avatar').notNull().default(''),
    signature: text('signature').notNull().default(''),
    /** 0 unknown, 1 male, 2 female (the platform's codes). */
    gender: smallint('gender').notNull().default(0),
    province: text('province').notNull().default(''),
    city: text('city').notNull().default(''),
    /** 领域: an industry of the keyword library's vocabulary (美食餐饮, 美妆护肤, …); null when unknown. */
    field: text('field'),
    verified: boolean('verified').notNull().default(false),
    /** What the platform's verification says (企业认证 text, a title), when verified. */
    verifyInfo: text('verify_info'),
    /** Sells goods (带货) in videos or live sessions. */
    isCommerce: boolean('is_commerce').notNull().default(false),
    mcn: text('mcn'),
    totalFollowerCount: count('total_follower_count'),
    /** Followers gained over the 30 days up to `as_of` (negative when lost): the library's growth sort. */
    followerGrowth30d: count('follower_growth_30d'),
    totalFavorited: count('total_favorited'),
    awemeCount: integer('aweme_count').notNull().default(0),
    videoCommentTotalCount: count('video_comment_total_count'),
    videoShareTotalCount: count('video_share_total_count'),
    /** Per-video averages over the creator's works (domain `averagePerVideo`). */
    avgGoodCount: count('avg_good_count'),
    avgCommentCount: count('avg_comment_count'),
    avgShareCount: count('avg_share_count'),
    avgCollectCount: count('avg_collect_count'),
    /** Sales over the 30 days up to `as_of`, videos and live sessions together. */
    salesAmountFen: count('sales_amount_fen'),
    liveCount: integer('live_count').notNull().default(0),
    grams: integer('grams').array().notNull(),
    /** The day the figures are of. */
    asOf: date('as_of', { mode: 'string' }).notNull(),
    isDemo: isDemo(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('creators_platform_user_id_idx').on(table.platform, table.userId),
    index('creators_grams_idx').using('gin', table.grams),
    // The creator library's sorts, and the most common filter with the default sort.
    index('creators_followers_idx').on(table.platform, table.totalFollowerCount.desc().nullsFirst(), table.id),
    index('creators_favorited_idx').on(table.platform, table.totalFavorited.desc().nullsFirst(), table.id),
    index('creators_growth_idx').on(table.platform, table.followerGrowth30d.desc().nullsFirst(), table.id),
    index('creators_field_followers_idx').on(
      table.platform,
      table.field,
      table.totalFollowerCount.desc().nullsFirst(),
      table.id,
    ),
    // A province (alone or with a size class): its rows and their count without reading the whole table.
    index('creators_province_followers_idx').on(
      table.platform,
      table.province,
      table.totalFollowerCount.desc().nullsFirst(),
      table.id,
    ),
    // A size class with the favorites or growth sort (with the followers sort a class is a range of the indexes above).
    index('creators_class_favorited_idx').on(
      table.platform,
      creatorSizeClassRank(table.totalFollowerCount),
      table.totalFavorited.desc().nullsFirst(),
      table.id,
    ),
    index('creators_class_growth_idx').on(
      table.platform,
      creatorSizeClassRank(table.totalFollowerCount),
      table.followerGrowth30d.desc().nullsFirst(),
      table.id,
    ),
  ],
);

/** A creator's follower count per day (the person detail follower trend). */
export const creatorFollowerHistory = pgTable(
  'creator_follower_history',
  {
    creatorId: partOf('creator_id', () => creators.id),
    day: date('day', { mode: 'string' }).notNull(),
    followerCount: bigint('follower_count', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.creatorId, table.day] })],
);

/**
 * Videos (works) of a platform, image-text posts included (`duration_ms` 0). `status` is 'normal',
 * 'deleted' or 'hidden' (the last two show 视频已删除或隐藏); a null `play_url` shows
 * 视频链接丢失啦，请稍后再试. `word_new` are the video's words, the input of the keyword relation call.
 * `grams` are the n-gram hashes of the lower-cased description for title search (GIN, LIKE recheck).
 * `last_update_time` is when the figures were last fetched: their as-of.
 */
export const videos = pgTable(
  'videos',
  {
    id: rowId(),
    platform: platform(),
    awemeId: text('aweme_id').notNull(),
    creatorId: partOf('creator_id', () => creators.id),
    videoDesc: text('video_desc').notNull().default(''),
    /** Hashtags without '#'. */
    videoTag: text('video_tag').array().notNull().default(emptyTextArray),
    /** The product's score of the work, 0–100 (shown as an integer). */
    videoScore: real('video_score').notNull().default(0),
    originCover: text('origin_cover').notNull().default(''),
    shareUrl: text('share_url').notNull().default(''),
    playUrl: text('play_url'),
    createTime: at('create_time').notNull(),
    lastUpdateTime: at('last_update_time').notNull().defaultNow(),
    /** Milliseconds; 0 = an image-text post. */
    durationMs: integer('duration_ms').notNull().default(0),
    goodCount: count('good_count'),
    commentCount: count('comment_count'),
    shareCount: count('share_count'),
    collectCount: count('collect_count'),
    musicId: text('music_id'),
    musicTitle: text('music_title'),
    isWithGoods: boolean('is_with_goods').notNull().default(false),
    goods: jsonb('goods').$type<GoodsItem[]>().notNull().default(emptyJsonList),
    status: text('status').$type<'normal' | 'deleted' | 'hidden'>().notNull().default('normal'),
    wordNew: text('word_new').array().notNull().default(emptyTextArray),
    /** The spoken script when known (the speech-to-text sandbox answers with it). */
    transcript: text('transcript'),
    grams: integer('grams').array().notNull(),
    isDemo: isDemo(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('videos_platform_aweme_id_idx').on(table.platform, table.awemeId),
    index('videos_grams_idx').using('gin', table.grams),
    index('videos_creator_time_idx').on(table.creatorId, table.createTime.desc().nullsFirst()),
    index('videos_create_time_idx').on(table.platform, table.createTime.desc().nullsFirst(), table.id),
    index('videos_good_count_idx').on(table.platform, table.goodCount.desc().nullsFirst(), table.id),
  ],
);

/**
 * The listable works (DSO, normal) holding each character and each pair of adjacent characters of their
 * lower-cased titles: the total of a one- or two-character title search. Written only by triggers on
 * `videos` (migration 0024), as deltas a gram may have several rows of, summed when read and folded by
 * `video_title_grams_compact()`.
 */
export const videoTitleGrams = pgTable(
  'video_title_grams',
  {
    gram: text('gram').notNull(),
    works: integer('works').notNull(),
  },
  (table) => [index('video_title_grams_gram_idx').on(table.gram)],
);

/**
 * The first 72 hours of a video (day_cycle 'H72'), one row per video: hourly cumulative figures, slot
 * `i` at `start_time + i hours` (slot 0 the publish hour). A fixed window suits arrays: one row instead
 * of 72 keeps the table at the size of `videos`. Increments are derived (slot minus the one before);
 * an hour not observed is null.
 */
export const videoTrends = pgTable('video_trends', {
  videoId: extensionOf('video_id', () => videos.id),
  startTime: at('start_time').notNull(),
  goodValues: bigint('good_values', { mode: 'number' }).array().notNull(),
  commentValues: bigint('comment_values', { mode: 'number' }).array().notNull(),
  shareValues: bigint('share_values', { mode: 'number' }).array().notNull(),
  collectValues: bigint('collect_values', { mode: 'number' }).array().notNull(),
  updatedAt: updatedAt(),
});

/** Comments of a video. `cid` is the platform's comment id: re-imports update, never duplicate. */
export const videoComments = pgTable(
  'video_comments',
  {
    id: rowId(),
    videoId: partOf('video_id', () => videos.id),
    cid: text('cid').notNull(),
    text: text('text').notNull(),
    createTime: at('create_time').notNull(),
    diggCount: count('digg_count'),
    replyCount: integer('reply_count').notNull().default(0),
    nickname: text('nickname').notNull().default(''),
    avatarUrl: text('avatar_url').notNull().default(''),
    isDemo: isDemo(),
  },
  (table) => [
    uniqueIndex('video_comments_video_cid_idx').on(table.videoId, table.cid),
    index('video_comments_digg_idx').on(table.videoId, table.diggCount.desc().nullsFirst(), table.id),
    index('video_comments_time_idx').on(table.videoId, table.createTime),
  ],
);

/**
 * The top hot words of a video's comments (jieba segmentation without stop words), computed by the
 * product and kept so a comment page and its hot words answer without segmenting every comment.
 */
export const videoHotWords = pgTable('video_hot_words', {
  videoId: extensionOf('video_id', () => videos.id),
  words: jsonb('words').$type<HotWord[]>().notNull(),
  /** Comments the words were counted over; a recount is due when the video has gained many more. */
  commentCount: integer('comment_count').notNull(),
  computedAt: at('computed_at').notNull().defaultNow(),
});

/**
 * Audience of a video or a creator (002 §3 Portrait). The base fields are the dominant label of each
 * dimension (gender 女, age 24-30, atv 50-100, …); the distributions are name/ratio lists, stored as
 * the wire's `*_more` lists. `subject_id` is `videos.id` or `creators.id` by `subject_type`, so it
 * carries no foreign key: the owners delete their portraits.
 */
export const audiencePortraits = pgTable(
  'audience_portraits',
  {
    subjectType: text('subject_type').$type<'video' | 'creator'>().notNull(),
    subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
    age: text('age'),
    area: text('area'),
    /** Average transaction value band (客单价). */
    atv: text('atv'),
    category: text('category'),
    city: text('city'),
    cityLevel: text('city_level'),
    consume: text('consume'),
    device: text('device'),
    gender: text('gender'),
    liveness: text('liveness'),
    province: text('province'),
    genderMore: jsonb('gender_more').$type<PortraitShare[]>().notNull().default(emptyJsonList),
    ageMore: jsonb('age_more').$type<PortraitShare[]>().notNull().default(emptyJsonList),
    provinceMore: jsonb('province_more').$type<PortraitShare[]>().notNull().default(emptyJsonList),
    cityMore: jsonb('city_more').$type<PortraitShare[]>().notNull().default(emptyJsonList),
    cityLevelMore: jsonb('city_level_more').$type<PortraitShare[]>().notNull().default(emptyJsonList),
    deviceMore: jsonb('device_more').$type<PortraitShare[]>().notNull().default(emptyJsonList),
    interestMore: jsonb('interest_more').$type<PortraitShare[]>().notNull().default(emptyJsonList),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    isDemo: isDemo(),
  },
  (table) => [primaryKey({ columns: [table.subjectType, table.subjectId] })],
);

/**
 * Which library keywords a video covers. The keyword row's figures (month_cover_count, competition)
 * are read from `keywords`, not copied: one fact in one place. `search_rank` is the video's place in
 * the keyword's search results on `as_of` (the works ranked under a keyword), null when not ranked.
 */
export const videoKeywords = pgTable(
  'video_keywords',
  {
    videoId: partOf('video_id', () => videos.id),
    keywordId: partOf('keyword_id', () => keywords.id),
    searchRank: integer('search_rank'),
    asOf: date('as_of', { mode: 'string' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.videoId, table.keywordId] }),
    index('video_keywords_keyword_idx').on(table.keywordId, table.searchRank),
  ],
);

/** Live sessions. `room_id` is the platform's room id (the `lid` of /live_studio); no `end_time` = live now. */
export const liveSessions = pgTable(
  'live_sessions',
  {
    id: rowId(),
    platform: platform(),
    roomId: text('room_id').notNull(),
    creatorId: partOf('creator_id', () => creators.id),
    title: text('title').notNull().default(''),
    cover: text('cover').notNull().default(''),
    startTime: at('start_time').notNull(),
    endTime: at('end_time'),
    watchCount: count('watch_count'),
    peakOnline: integer('peak_online').notNull().default(0),
    salesAmountFen: count('sales_amount_fen'),
    goods: jsonb('goods').$type<GoodsItem[]>().notNull().default(emptyJsonList),
    isDemo: isDemo(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('live_sessions_platform_room_idx').on(table.platform, table.roomId),
    index('live_sessions_creator_idx').on(table.creatorId, table.startTime.desc().nullsFirst()),
    index('live_sessions_start_idx').on(table.platform, table.startTime.desc().nullsFirst()),
  ],
);

/** A live session minute by minute; `minute` counts from the session's start (0 = the first minute). */
export const liveMinutes = pgTable(
  'live_minutes',
  {
    sessionId: partOf('session_id', () => liveSessions.id),
    minute: integer('minute').notNull(),
    online: integer('online').notNull().default(0),
    entering: integer('entering').notNull().default(0),
    salesFen: count('sales_fen'),
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.minute] })],
);

/**
 * Topics (话题) per day: 'video' topics (/DouyinTopic/searchWord) and 'image_text' topics
 * (imgSearchWord). `growth` is the change of heat against the day before, as a fraction.
 */
export const topics = pgTable(
  'topics',
  {
    id: rowId(),
    platform: platform(),
    kind: text('kind').$type<'video' | 'image_text'>().notNull(),
    name: text('name').notNull(),
    heat: count('heat'),
    /** Null when no source gave it (a collected 话题推荐 carries views only). */
    videoCount: integer('video_count'),
    /** Null when the day before has no heat of the topic to compare with. */
    growth: real('growth'),
    /** The provider a collected topic came from (`tikhub`, `sandbox`); null for imported and demo rows. */
    source: text('source'),
    day: date('day', { mode: 'string' }).notNull(),
    isDemo: isDemo(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('topics_platform_kind_day_name_idx').on(table.platform, table.kind, table.day, table.name),
    index('topics_heat_idx').on(table.platform, table.kind, table.day, table.heat.desc().nullsFirst()),
  ],
);

/** The videos under a topic. */
export const topicVideos = pgTable(
  'topic_videos',
  {
    topicId: partOf('topic_id', () => topics.id),
    videoId: partOf('video_id', () => videos.id),
  },
  (table) => [
    primaryKey({ columns: [table.topicId, table.videoId] }),
    index('topic_videos_video_idx').on(table.videoId),
  ],
);

/**
 * What a user collected (collectDouyin, collectRso, collectVideo, collectUser). Subjects are kept by
 * their stable keys, not our serial ids, so a re-import never orphans them: a keyword by its text with
 * `platform` = the library scope ('DSO', 'RSO', 'TSO/US'), a video by aweme id, a creator by user id
 * (`platform` = their platform).
 */
export const favourites = pgTable(
  'favourites',
  {
    userId: ownerId(),
    kind: text('kind').$type<'keyword' | 'video' | 'creator'>().notNull(),
    platform: platform(),
    subjectKey: text('subject_key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind, table.platform, table.subjectKey] })],
);

/**
 * The refresh-data lock (002 §4, §9): one row per video, the last accepted request. A request takes the
 * lock with one upsert that succeeds only when `requested_at` is older than 30 minutes, so instances
 * sharing the database agree without another lock.
 */
export const videoRefreshes = pgTable('video_refreshes', {
  videoId: extensionOf('video_id', () => videos.id),
  requestedBy: bigint('requested_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  requestedAt: at('requested_at').notNull().defaultNow(),
  /** The refresh job queued for it. */
  jobId: bigint('job_id', { mode: 'number' }),
});

/**
 * Video-data files an admin uploaded (POST admin/videos/import), one kind per file, run by the
 * `videos.import` job; the report is kept, the file dropped once it has run.
 */
export const videoImports = pgTable('video_imports', {
  id: rowId(),
  /** The kind of file (`videoImportKinds` of the contract). */
  kind: text('kind').notNull(),
  source: text('source').notNull(),
  format: text('format').notNull(),
  /** queued, running, done or failed. */
  status: text('status').notNull(),
  totalRows: integer('total_rows').notNull().default(0),
  insertedRows: integer('inserted_rows').notNull().default(0),
  updatedRows: integer('updated_rows').notNull().default(0),
  errorRows: integer('error_rows').notNull().default(0),
  errors: jsonb('errors').notNull().default(emptyJsonList),
  /** Why the whole file failed (unreadable, a required column missing). */
  failure: text('failure'),
  /** The uploaded file, kept in the database so any worker process can run it; cleared once done. */
  file: bytea('file'),
  createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  startedAt: at('started_at'),
  finishedAt: at('finished_at'),
});

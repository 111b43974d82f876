import { z } from 'zod';
import { booleanishSchema, calendarDaySchema } from './input';
import { importReportSchema, portraitDistributionsSchema, portraitShareSchema } from './keyword-details';
import { figureSchema, keywordTextSchema, requiredKeywordSchema } from './keywords';
import type { PermissionAlias } from './permissions';
import {
  countSchema,
  detailPageFlagsFields,
  estimatedListSchema,
  LIST_PAGE_SIZES,
  pagedListSchema,
  pageFields,
  pageSizeOneOf,
  requiredTextSchema,
  unixSecondsSchema,
} from './shapes';

/*
 * The video library area: videos here, and beside them creators.ts, live.ts, topics.ts and
 * favourites.ts (002 §2–§5, §7–§9; 000 §2.2–§2.5), each with its own path table. The area shares this
 * file's limits, messages and fields (`platformIdSchema`, `videoPageFields`, goods).
 * Envelope as always: `{ code, msg, data }`; the schemas below are `data`.
 *
 * Wire conventions of this area:
 * - The spec's names are the wire names, including its mixed casing (`awemeId`, `aweme_id`, `videoId`,
 *   `pageNo`). A video is always named by its platform id, the aweme id (`video_id` in answers too); a
 *   creator by the platform's user id; a live session by its room id (`lid`). Our serial ids never
 *   leave the server.
 * - Instants are Unix seconds (as the platform's own `create_time`, and as orders send them); days are
 *   'YYYY-MM-DD' (Asia/Shanghai); durations milliseconds; money integer fen.
 * - A video's and a creator's public counts (likes, comments, shares, collects, followers) are plain
 *   numbers: the platform shows them to anyone, so blurring them would hide nothing. The product's own
 *   figures (a keyword's month_cover_count, sales amounts) are `figureSchema`: exact for a logged-in
 *   user with show_original_data, a display band (string) for everyone else (002 §9).
 */

/**
 * The area's paths. Method, who may call, and the permission each needs (002 §5: without it the tab
 * shows the upgrade panel; the server answers 810 with the permission-denied data).
 */
export const VideoPath = {
  /** GET ?awemeId. Open. The dialog's head and the video data tab (002 §3 Video detail). */
  detail: '/api/video/detail',
  /** GET ?aweme_id&day_cycle=H72&history=false. VIDEO_LIBRARY_DETAIL_VIDEO_DATA. */
  trend: '/api/video/trend',
  /** GET ?videoId (the aweme id). VIDEO_LIBRARY_DETAIL_COMMENT_ANALYSIS. Top 10 words of the comments. */
  hotWords: '/api/video/hot_words',
  /** GET ?awemeId&pageNo. VIDEO_LIBRARY_DETAIL_COMMENT_ANALYSIS. 20 a page, pages 1–10. */
  comments: '/api/video/comments',
  /** GET ?videoId (the aweme id). VIDEO_LIBRARY_DETAIL_USER_PORTRAIT. */
  portrait: '/api/video/portrait',
  /** POST (orders, page_no, page_size, params_data). VIDEO_LIBRARY_DETAIL_KEYWORD_COVERAGE_DATA. */
  keywords: '/api/video/keywords',
  /** POST { awemeId }. Login. Queues a refresh of the video's figures; 30-minute lock per video. */
  refresh: '/api/video/refresh',
  /** GET ?keyword&sort&page_no&page_size. Open (visitors see the guest rows). Title search; header search 视频. */
  search: '/api/video/search',
  /** GET ?keyword&date&page_no&page_size. Open. Works ranked under a keyword (/DouyinKeywordSearchRank). */
  keywordRank: '/api/video/keyword_rank',
  /** GET ?field&page_no&page_size. Open. Breakout works of small accounts (/DouyinTopic/lowPowderPop). */
  lowFollowerHits: '/api/video/low_follower_hits',
} as const;

/**
 * The permission flag each tab of the video detail panel needs (002 §5), by tab: the server's check
 * of each tab's calls, the example-data rule and the tabs' tier badges read it here. Person detail's
 * audience tab is the same audience view, under the same flag.
 */
export const videoTabAliases = {
  data: 'VIDEO_LIBRARY_DETAIL_VIDEO_DATA',
  keywords: 'VIDEO_LIBRARY_DETAIL_KEYWORD_COVERAGE_DATA',
  comments: 'VIDEO_LIBRARY_DETAIL_COMMENT_ANALYSIS',
  audience: 'VIDEO_LIBRARY_DETAIL_USER_PORTRAIT',
} as const satisfies Record<string, PermissionAlias>;

/** The area's limits and defaults (002 §4, §9), in one place. */
export const videoLimits = {
  /** Comments per page, and the last page the comment list loads. */
  commentPageSize: 20,
  commentMaxPages: 10,
  /** Hot words shown (the bar chart). */
  hotWords: 10,
  /** The related keyword table: page size and order by default. */
  keywordTablePageSize: 10,
  keywordTableDefaultOrder: { column: 'month_cover_count', asc: false },
  /** Sort columns the keyword table accepts at once. */
  keywordTableMaxOrders: 3,
  /** The refresh-data lock per video, in minutes. */
  refreshLockMinutes: 30,
  /** The trend window the data is kept for ('H72'), and the hours the chart shows (its tooltip says 48). */
  trendWindow: 'H72',
  trendWindowHours: 72,
  trendShownHours: 48,
  /** Fewer points than this make no line: 数据较少，暂时无法分析. */
  trendMinPoints: 2,
  /** Province and city lists of the audience tab. */
  portraitTopRegions: 10,
  /** Page sizes the lists of this area accept; 20 by default. */
  pageSizes: LIST_PAGE_SIZES,
  defaultPageSize: 20,
  /** Favourites one user may keep per collect type. */
  favouritesPerType: 1000,
  /** /live_studio and /live_screen ask again this often while a session is live. */
  liveRefreshSeconds: 10,
  /** Sessions on /live_screen's wall by default, and at most. */
  liveScreenSessions: 12,
  liveScreenMaxSessions: 48,
  /** Minutes of each session's recent online curve on the wall. */
  liveRecentMinutes: 30,
  /** Small accounts of lowPowderPop: at most this many followers (the tail and small classes). */
  lowFollowerMaxFollowers: 100_000,
  /** …and a work with at least this many likes per follower. */
  lowFollowerMinLikesPerFollower: 10,
} as const;

/** The area's display texts (002 §2, §4, §8) and messages, exactly as shown. */
export const videoMessages = {
  /** A deleted or hidden video. */
  deleted: '视频已删除或隐藏',
  /** A video without a play url. */
  playUrlMissing: '视频链接丢失啦，请稍后再试',
  /** A detail action without an id. */
  linkMissing: '链接丢失啦，请稍后再试~',
  /** /live_studio without an rid. */
  liveLinkError: '链接错误，请检查链接是否正确',
  /** The refresh-data button after a press, and while its 30-minute lock holds. */
  refreshing: '数据正在更新中，请您稍后再来查看',
  /** Under the dialog's figures. */
  forReference: '数据仅供参考',
  /** The trend chart with too few points. */
  trendTooFew: '数据较少，暂时无法分析',
  /** The trend chart's tooltip (the spec gives it in English: only the first 48 hours are shown). */
  trendTooltip: '仅展示视频发布后48小时内的数据',
  /** The audience tab without a portrait, and the region panel without regions. */
  noPortrait: '暂无观众画像',
  noRegion: '暂无地区分布',
  /** The end of the comment list, after the one reload. */
  commentsEnd: '~更多评论，扫码查看完整视频~',
  /** The default empty text. */
  noData: '暂无数据',
  /** Past the last comment page. */
  commentPageLimit: '最多查看10页评论',
  videoNotFound: '视频不存在',
  creatorNotFound: '达人不存在',
  liveNotFound: '直播不存在',
  topicNotFound: '话题不存在',
  /** /Competitors without an account or a keyword. */
  competitorsInput: '请输入达人名称或关键词',
  favourited: '收藏成功',
  unfavourited: '已取消收藏',
  favouriteLimit: '收藏数量已达上限',
  /** Range filters whose start lies above their end. */
  rangeOrder: '起始值不能大于结束值',
} as const;

// ——— shared fields ———

/**
 * A platform id (aweme id, user id or sec_uid, room id): letters, digits, '_' and '-'. Empty or absent:
 * 链接丢失啦，请稍后再试~ (a detail action without an id).
 */
export const platformIdSchema = requiredTextSchema(videoMessages.linkMissing)
  .max(128, videoMessages.linkMissing)
  .regex(/^[0-9A-Za-z_-]*$/, videoMessages.linkMissing);

/** The paging fields of the area's lists: a page size of `videoLimits.pageSizes`, 20 by default. */
export const videoPageFields = pageFields(pageSizeOneOf(videoLimits.pageSizes, videoLimits.defaultPageSize));

/** A product sold in a video or a live session. `price` in fen. */
export const goodsItemSchema = z.object({
  title: z.string(),
  price: z.number().int(),
  sales: countSchema,
  cover: z.string().nullable(),
});
export type GoodsItemWire = z.infer<typeof goodsItemSchema>;

/** 'normal', or 'deleted' / 'hidden' (视频已删除或隐藏). */
export const videoStatusSchema = z.enum(['normal', 'deleted', 'hidden']);
export type VideoStatus = z.infer<typeof videoStatusSchema>;

/** The words of `word_new` are joined with this on the wire. */
export const WORD_NEW_SEPARATOR = ',';

// ——— video detail (002 §3, §7) ———

export const videoDetailQuerySchema = z.object({ awemeId: platformIdSchema });
export type VideoDetailQuery = z.infer<typeof videoDetailQuerySchema>;

/**
 * `GET detail` data: the 002 §3 Video detail fields, the status texts, and what the dialog needs
 * around them. An unknown aweme id: 404 视频不存在.
 */
export const videoDetailSchema = z.object({
  /** The aweme id. */
  video_id: z.string(),
  video_desc: z.string(),
  video_tag: z.array(z.string()),
  /** The product's score, 0–100; the dialog shows it as an integer. */
  video_score: z.number(),
  origin_cover: z.string(),
  /** The share link (the dialog's QR code, the copy-extraction keyword). */
  share_url: z.string(),
  /** Null: the dialog shows {@link videoMessages.playUrlMissing}. */
  play_url: z.string().nullable(),
  user_id: z.string(),
  user_nick_name: z.string(),
  avatar_larger: z.string(),
  total_follower_count: countSchema,
  create_time: unixSecondsSchema,
  /** When the figures were last fetched (their as-of). */
  last_update_time: unixSecondsSchema,
  /** Milliseconds; 0 = an image-text post. */
  duration: z.number().int().min(0),
  good_count: countSchema,
  comment_count: countSchema,
  share_count: countSchema,
  collect_count: countSchema,
  music_id: z.string().nullable(),
  music_title: z.string().nullable(),
  is_with_goods: z.boolean(),
  goods: z.array(goodsItemSchema),
  /** The video's words joined by {@link WORD_NEW_SEPARATOR}; the keyword relation call echoes it. */
  word_new: z.string(),
  status: videoStatusSchema,
  /** {@link videoMessages.deleted} unless the status is 'normal', else null. */
  status_text: z.string().nullable(),
  /** The creator's per-video averages, shown beside the video's own counts. */
  creator_avg: z.object({
    good_count: countSchema,
    comment_count: countSchema,
    share_count: countSchema,
    collect_count: countSchema,
  }),
  /** Null when the refresh button may be pressed; else the instant its 30-minute lock ends. */
  refresh_locked_until: unixSecondsSchema.nullable(),
  ...detailPageFlagsFields,
});
export type VideoDetail = z.infer<typeof videoDetailSchema>;

// ——— trend ———

export const videoTrendQuerySchema = z.object({
  aweme_id: platformIdSchema,
  day_cycle: z.literal(videoLimits.trendWindow, { message: '统计周期不正确' }).default(videoLimits.trendWindow),
  history: booleanishSchema.default(false),
});
export type VideoTrendQuery = z.infer<typeof videoTrendQuerySchema>;

/**
 * One hour of the trend (002 §3 Trend point). Values are cumulative at the end of the hour;
 * `good_increment` is the likes gained in that hour (the first point's increment is its value).
 */
export const videoTrendPointSchema = z.object({
  create_time: unixSecondsSchema,
  good_value: countSchema,
  good_increment: z.number().int(),
  comment_value: countSchema,
  share_value: countSchema,
  collect_value: countSchema,
});
export type VideoTrendPoint = z.infer<typeof videoTrendPointSchema>;

/**
 * `GET trend` data: the hourly points of the first 48 hours after posting (the data is kept for the
 * H72 window; the chart and its tooltip promise 48), oldest first. Fewer than
 * `videoLimits.trendMinPoints`: the chart shows 数据较少，暂时无法分析.
 */
export const videoTrendSchema = z.array(videoTrendPointSchema);
export type VideoTrend = z.infer<typeof videoTrendSchema>;

// ——— hot words ———

export const videoHotWordsQuerySchema = z.object({ videoId: platformIdSchema });

/** A word of the comments and how many comments use it (002 §3 Hot word). */
export const hotWordSchema = z.object({ name: z.string(), count: countSchema });
export type HotWordWire = z.infer<typeof hotWordSchema>;

/** `GET hot_words` data: at most 10, most frequent first; empty when the video has no comments. */
export const videoHotWordsSchema = z.array(hotWordSchema).max(videoLimits.hotWords);

// ——— comments ———

export const videoCommentsQuerySchema = z.object({
  awemeId: platformIdSchema,
  pageNo: z.coerce
    .number()
    .int()
    .min(1, videoMessages.commentPageLimit)
    .max(videoLimits.commentMaxPages, videoMessages.commentPageLimit)
    .default(1),
});
export type VideoCommentsQuery = z.infer<typeof videoCommentsQuerySchema>;

/** A comment (002 §3), with the commenter in the platform's shape. */
export const videoCommentSchema = z.object({
  cid: z.string(),
  text: z.string(),
  create_time: unixSecondsSchema,
  digg_count: countSchema,
  reply_count: countSchema,
  user: z.object({
    nickname: z.string(),
    avatar_thumb: z.object({ url_list: z.array(z.string()) }),
  }),
});
export type VideoComment = z.infer<typeof videoCommentSchema>;

/**
 * `GET comments` data: most liked first (ties newest first), 20 a page. `total_record` counts every
 * stored comment; the list stops at page 10 (`has_more` false there) whatever the total.
 */
export const videoCommentsSchema = z.object({
  total_record: z.number().int(),
  page_no: z.number().int(),
  has_more: z.boolean(),
  result: z.array(videoCommentSchema),
});
export type VideoComments = z.infer<typeof videoCommentsSchema>;

// ——— portrait ———

export const videoPortraitQuerySchema = z.object({ videoId: platformIdSchema });

/**
 * `GET portrait` (video or creator) data, 002 §3 Portrait: the base fields are each dimension's
 * leading label (gender 女, age 24-30, …; null when unknown), the `*_more` lists are name/ratio
 * distributions (the keyword portrait's, `portraitDistributionsSchema`, then devices and interests),
 * largest first; province_more and city_more hold the top 10. No portrait: every list
 * empty, `as_of` null, `empty_text` 暂无观众画像. No regions: `region_empty_text` 暂无地区分布.
 */
export const audiencePortraitSchema = z.object({
  age: z.string().nullable(),
  area: z.string().nullable(),
  /** Average transaction value band (客单价). */
  atv: z.string().nullable(),
  category: z.string().nullable(),
  city: z.string().nullable(),
  city_level: z.string().nullable(),
  consume: z.string().nullable(),
  device: z.string().nullable(),
  gender: z.string().nullable(),
  liveness: z.string().nullable(),
  province: z.string().nullable(),
  ...portraitDistributionsSchema.shape,
  device_more: z.array(portraitShareSchema),
  interest_more: z.array(portraitShareSchema),
  as_of: z.string().nullable(),
  empty_text: z.string().nullable(),
  region_empty_text: z.string().nullable(),
});
export type AudiencePortrait = z.infer<typeof audiencePortraitSchema>;

/** The answer when there is no portrait: every label unknown, every list empty, 暂无观众画像 and 暂无地区分布. */
export const noAudiencePortrait: AudiencePortrait = {
  age: null,
  area: null,
  atv: null,
  category: null,
  city: null,
  city_level: null,
  consume: null,
  device: null,
  gender: null,
  liveness: null,
  province: null,
  gender_more: [],
  age_more: [],
  province_more: [],
  city_more: [],
  city_level_more: [],
  device_more: [],
  interest_more: [],
  as_of: null,
  empty_text: videoMessages.noPortrait,
  region_empty_text: videoMessages.noRegion,
};

// ——— related keywords ———

/** Columns the related keyword table sorts by. */
export const videoKeywordColumnSchema = z.enum(['month_cover_count', 'competition', 'keyword'], {
  message: '排序字段不正确',
});

const optionalCompetition = z.coerce.number().int().min(1).max(4).optional();
const optionalCover = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional();
const isOrdered = (start: number | undefined, end: number | undefined) =>
  start === undefined || end === undefined || start <= end;

/**
 * `POST keywords` body (002 §5, §7): optional ranges on competition (stars 1–4) and month_cover_count,
 * and a keyword text filter (substring, ≤30 characters). No orders: month_cover_count descending.
 * `word_new` is accepted as the client echoes it; the server reads the video's words itself.
 */
export const videoKeywordsBodySchema = z.object({
  orders: z
    .array(z.object({ column: videoKeywordColumnSchema, asc: z.boolean() }))
    .max(videoLimits.keywordTableMaxOrders, '排序字段过多')
    .optional()
    .transform((orders) => (orders && orders.length > 0 ? orders : [videoLimits.keywordTableDefaultOrder])),
  ...pageFields(pageSizeOneOf(videoLimits.pageSizes, videoLimits.keywordTablePageSize)),
  params_data: z
    .object({
      video_id: platformIdSchema,
      word_new: z.string().max(4000).optional(),
      competition_start: optionalCompetition,
      competition_end: optionalCompetition,
      month_cover_count_start: optionalCover,
      month_cover_count_end: optionalCover,
      keyword: keywordTextSchema.optional(),
    })
    .refine((params) => isOrdered(params.competition_start, params.competition_end), {
      message: videoMessages.rangeOrder,
      path: ['competition_end'],
    })
    .refine((params) => isOrdered(params.month_cover_count_start, params.month_cover_count_end), {
      message: videoMessages.rangeOrder,
      path: ['month_cover_count_end'],
    }),
});
export type VideoKeywordsBody = z.infer<typeof videoKeywordsBodySchema>;

/** A row of the related keyword table (002 §3 Keyword row); `keyword` links to its detail (DSO). */
export const videoKeywordRowSchema = z.object({
  keyword: z.string(),
  month_cover_count: figureSchema,
  competition: z.number().int().min(1).max(4),
  /** The video's place in the keyword's search results, null when it is not ranked. */
  search_rank: z.number().int().nullable(),
});
export type VideoKeywordRow = z.infer<typeof videoKeywordRowSchema>;

/** `POST keywords` data: `result` and `total_record` (002 §7). */
export const videoKeywordListSchema = pagedListSchema(videoKeywordRowSchema);
export type VideoKeywordList = z.infer<typeof videoKeywordListSchema>;

// ——— refresh ———

export const videoRefreshBodySchema = z.object({ awemeId: platformIdSchema });

/**
 * `POST refresh` data. Both a press that queued a refresh (`queued` true) and a press within the lock
 * (`queued` false: someone refreshed this video less than 30 minutes ago) answer 200 with
 * {@link videoMessages.refreshing} as `message`; the button stays disabled until `locked_until`.
 */
export const videoRefreshSchema = z.object({
  queued: z.boolean(),
  message: z.string(),
  locked_until: unixSecondsSchema,
});
export type VideoRefresh = z.infer<typeof videoRefreshSchema>;

// ——— video lists ———

/**
 * A video in a list (search, a creator's works, a topic, a keyword's ranking, favourites): fields of the
 * detail, in this order.
 */
export const videoRowSchema = videoDetailSchema.pick({
  video_id: true,
  video_desc: true,
  origin_cover: true,
  share_url: true,
  duration: true,
  create_time: true,
  video_score: true,
  good_count: true,
  comment_count: true,
  share_count: true,
  collect_count: true,
  is_with_goods: true,
  status: true,
  user_id: true,
  user_nick_name: true,
  avatar_larger: true,
  total_follower_count: true,
  is_demo: true,
});
export type VideoRow = z.infer<typeof videoRowSchema>;

export const videoListSchema = estimatedListSchema(videoRowSchema);
export type VideoList = z.infer<typeof videoListSchema>;

/** A list's required keyword: absent from the query string reads as empty, so it too says 请输入关键词. */
const listKeywordSchema = requiredKeywordSchema.prefault('');

/** Sorts of video lists: most liked, or newest. */
export const videoSortSchema = z.enum(['good_count', 'create_time'], { message: '排序字段不正确' });
export type VideoSort = z.infer<typeof videoSortSchema>;

/**
 * `GET search` query: a title search of 1–30 characters (the keyword limits of the domain: counted in
 * characters, 请输入关键词 / 关键词长度不能超过30个字符), most liked first by default.
 */
export const videoSearchQuerySchema = z.object({
  keyword: listKeywordSchema,
  sort: videoSortSchema.default('good_count'),
  ...videoPageFields,
});
export type VideoSearchQuery = z.infer<typeof videoSearchQuerySchema>;

/** `GET keyword_rank` query: a DSO keyword and the day of the ranking (default: the latest). */
export const keywordRankQuerySchema = z.object({
  keyword: listKeywordSchema,
  date: calendarDaySchema.optional(),
  ...videoPageFields,
});
export type KeywordRankQuery = z.infer<typeof keywordRankQuerySchema>;

/** `GET keyword_rank` data: the list shape with the rank of each work, and the day ranked. */
export const keywordRankListSchema = estimatedListSchema(
  videoRowSchema.extend({ rank: z.number().int().min(1) }),
).extend({
  keyword: z.string(),
  /** The ranking's day; null when the keyword has no ranked works. */
  as_of: z.string().nullable(),
});
export type KeywordRankList = z.infer<typeof keywordRankListSchema>;

/**
 * `GET low_follower_hits` query (/DouyinTopic/lowPowderPop): works of accounts with at most
 * `videoLimits.lowFollowerMaxFollowers` followers and at least `lowFollowerMinLikesPerFollower` likes
 * per follower, newest first; optionally of one field (领域).
 */
export const lowFollowerHitsQuerySchema = z.object({
  field: z.string().trim().max(32).optional(),
  ...videoPageFields,
});
export type LowFollowerHitsQuery = z.infer<typeof lowFollowerHitsQuerySchema>;

// ——— admin import ———

/**
 * The kinds of video-data file, in an order that imports cleanly: each names rows of the kinds
 * before it (a video its creator, a trend point its video, a topic's work its topic and video).
 */
export const videoImportKinds = [
  'creators',
  'follower_history',
  'videos',
  'comments',
  'trends',
  'portraits',
  'live_sessions',
  'live_minutes',
  'topics',
  'topic_videos',
] as const;
export const videoImportKindSchema = z.enum(videoImportKinds);
export type VideoImportKind = z.infer<typeof videoImportKindSchema>;

export const videoImportFormatSchema = z.enum(['csv', 'jsonl']);
export type VideoImportFormat = z.infer<typeof videoImportFormatSchema>;

/** A video-data import run: the keyword import's report with the kind of file instead of the libraries touched. */
export const videoImportReportSchema = importReportSchema
  .omit({ scopes: true, format: true })
  .extend({ kind: videoImportKindSchema, format: videoImportFormatSchema });
export type VideoImportReport = z.infer<typeof videoImportReportSchema>;

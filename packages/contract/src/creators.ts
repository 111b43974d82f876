import { sizeClassCodes } from '@dso/domain';
import { z } from 'zod';
import { booleanishSchema } from './input';
import { figureSchema, keywordTextSchema } from './keywords';
import { countSchema, detailPageFlagsFields, estimatedListSchema } from './shapes';
import { platformIdSchema, videoMessages, videoPageFields, videoSortSchema } from './videos';

/*
 * Creators (达人): profiles, the creator library, a creator's works and follower trend, benchmark
 * accounts and the library's facets (002 §3, §4; /personListLibrary, person detail, /Competitors).
 * Part of the video library area: its paths are `CreatorPath`, its wire conventions those of
 * videos.ts. A creator is named by the platform's user id.
 */

/** The creators paths: method, who may call, and the permission each needs. */
export const CreatorPath = {
  /** GET ?userId. Open. Creator stats of 002 §3 with size and sales classes. */
  profile: '/api/creator/profile',
  /** GET, the creator library's filters and sorts. Open (guest rows). /personListLibrary, header search 达人. */
  list: '/api/creator/list',
  /** GET ?userId&sort&page_no&page_size. Open. A creator's works (person detail works tab). */
  videos: '/api/creator/videos',
  /** GET ?userId&days. Login. Followers per day (person detail follower trend tab). */
  followerTrend: '/api/creator/follower_trend',
  /** GET ?userId. VIDEO_LIBRARY_DETAIL_USER_PORTRAIT. A creator's audience (person detail audience tab). */
  portrait: '/api/creator/portrait',
  /** GET ?userId or ?keyword. Login. Benchmark accounts with the reasons they match (/Competitors). */
  competitors: '/api/creator/competitors',
  /** GET. Open. The fields (领域) and provinces of the creator library with their creator counts (filter options). */
  facets: '/api/creator/facets',
} as const;

/** A size or sales class with its label (creator size: 头部达人 …; sales: 头部 …). */
export const classSchema = z.object({
  code: z.enum(sizeClassCodes),
  label: z.string(),
});
export type ClassFigure = z.infer<typeof classSchema>;

export const creatorProfileQuerySchema = z.object({ userId: platformIdSchema });

/** `GET creator/portrait` query; answers the audience portrait of videos.ts. */
export const creatorPortraitQuerySchema = z.object({ userId: platformIdSchema });

/**
 * `GET profile` data: 002 §3 Creator stats (total_favorited, aweme_count, video_comment_total_count,
 * video_share_total_count) with the account, the per-video averages and the derived classes. An
 * unknown user id: 404 达人不存在.
 */
export const creatorProfileSchema = z.object({
  user_id: z.string(),
  /** The handle users see (抖音号). */
  unique_id: z.string(),
  nick_name: z.string(),
  avatar_larger: z.string(),
  signature: z.string(),
  /** 0 unknown, 1 male, 2 female. */
  gender: z.number().int().min(0).max(2),
  province: z.string(),
  city: z.string(),
  /** 领域 (美食餐饮, 美妆护肤, …), null when unknown. */
  field: z.string().nullable(),
  verified: z.boolean(),
  verify_info: z.string().nullable(),
  /** Sells goods (带货). */
  is_commerce: z.boolean(),
  mcn: z.string().nullable(),
  total_follower_count: countSchema,
  /** Followers gained over the 30 days up to `as_of` (negative when lost). */
  follower_growth_30d: z.number().int(),
  total_favorited: countSchema,
  aweme_count: countSchema,
  video_comment_total_count: countSchema,
  video_share_total_count: countSchema,
  avg_good_count: countSchema,
  avg_comment_count: countSchema,
  avg_share_count: countSchema,
  avg_collect_count: countSchema,
  /** Size class by followers, labelled 尾部达人 … 头部达人. */
  size_class: classSchema,
  /** 30-day sales in fen, or its band. */
  sales_amount: figureSchema,
  /** Sales class by the 30-day sales (尾部 … 头部). */
  sales_class: classSchema,
  live_count: countSchema,
  as_of: z.string(),
  ...detailPageFlagsFields,
});
export type CreatorProfile = z.infer<typeof creatorProfileSchema>;

/** A creator in a list (the library, competitors, favourites): fields of the profile, in this order. */
export const creatorRowSchema = creatorProfileSchema.pick({
  user_id: true,
  unique_id: true,
  nick_name: true,
  avatar_larger: true,
  field: true,
  province: true,
  city: true,
  verified: true,
  is_commerce: true,
  total_follower_count: true,
  follower_growth_30d: true,
  total_favorited: true,
  aweme_count: true,
  size_class: true,
  sales_class: true,
  as_of: true,
  is_demo: true,
});
export type CreatorRow = z.infer<typeof creatorRowSchema>;

/** The creator library's sorts, each largest first: followers, likes received, 30-day follower growth. */
export const creatorSortSchema = z.enum(['total_follower_count', 'total_favorited', 'follower_growth_30d'], {
  message: '排序字段不正确',
});
export type CreatorSort = z.infer<typeof creatorSortSchema>;

/**
 * `GET list` query (/personListLibrary): a nickname search (optional, ≤30 characters, the keyword
 * search method), and filters by field, follower class (`size_class`: tail … head, the ranges of the
 * domain's creatorSizeRanges), province and commerce.
 */
export const creatorListQuerySchema = z.object({
  keyword: keywordTextSchema.optional(),
  field: z.string().trim().max(32).optional(),
  size_class: z.enum(sizeClassCodes, { message: '粉丝量级不正确' }).optional(),
  province: z.string().trim().max(16).optional(),
  is_commerce: booleanishSchema.optional(),
  sort: creatorSortSchema.default('total_follower_count'),
  ...videoPageFields,
});
export type CreatorListQuery = z.infer<typeof creatorListQuerySchema>;

export const creatorListSchema = estimatedListSchema(creatorRowSchema);
export type CreatorList = z.infer<typeof creatorListSchema>;

/** `GET videos` query: a creator's works, newest first by default. */
export const creatorVideosQuerySchema = z.object({
  userId: platformIdSchema,
  sort: videoSortSchema.default('create_time'),
  ...videoPageFields,
});
export type CreatorVideosQuery = z.infer<typeof creatorVideosQuerySchema>;

/** `GET follower_trend` query: the last 7, 30 or 90 days up to the creator's `as_of`. */
export const creatorFollowerTrendQuerySchema = z.object({
  userId: platformIdSchema,
  days: z.coerce
    .number()
    .int()
    .refine((days) => [7, 30, 90].includes(days), '统计周期不正确')
    .default(30),
});
export type CreatorFollowerTrendQuery = z.infer<typeof creatorFollowerTrendQuerySchema>;

/** `GET follower_trend` data: one point per recorded day, oldest first; `increment` against the day before. */
export const creatorFollowerTrendSchema = z.object({
  as_of: z.string().nullable(),
  points: z.array(z.object({ day: z.string(), follower_count: countSchema, increment: z.number().int() })),
});
export type CreatorFollowerTrend = z.infer<typeof creatorFollowerTrendSchema>;

/** `GET competitors` query: benchmark accounts like a creator's (`userId`) or working a keyword. */
export const competitorsQuerySchema = z
  .object({
    userId: platformIdSchema.optional(),
    keyword: keywordTextSchema.optional(),
    ...videoPageFields,
  })
  .refine((query) => query.userId !== undefined || (query.keyword ?? '') !== '', {
    message: videoMessages.competitorsInput,
  });
export type CompetitorsQuery = z.infer<typeof competitorsQuerySchema>;

/** A benchmark account and the reasons it matches (同领域, 粉丝量级相近, 覆盖相同关键词 …). */
export const competitorRowSchema = creatorRowSchema.extend({ reasons: z.array(z.string()) });
export const competitorListSchema = estimatedListSchema(competitorRowSchema);
export type CompetitorList = z.infer<typeof competitorListSchema>;

/** A filter option of the creator library and how many creators it holds. */
export const facetSchema = z.object({ name: z.string(), count: countSchema });

/** `GET facets` data: the library's fields (领域) and provinces, most creators first. */
export const creatorFacetsSchema = z.object({ fields: z.array(facetSchema), provinces: z.array(facetSchema) });
export type CreatorFacets = z.infer<typeof creatorFacetsSchema>;

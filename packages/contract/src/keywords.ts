import { keywordLength, keywordLimits, keywordMessages } from '@dso/domain';
import { z } from 'zod';
import { int32Schema } from './input';
import { estimatedListSchema, listPageSizeSchema, pageFields } from './shapes';

/** Keyword libraries (000 §1): DSO, RSO, WSO, BSO, KSO and TSO (per country). */
export const platformSchema = z.enum(['DSO', 'RSO', 'WSO', 'BSO', 'KSO', 'TSO']);
export type Platform = z.infer<typeof platformSchema>;

export const keywordSortFields = [
  'search_index',
  'month_cover_count',
  'competition',
  'related_work_count',
  'growth_rate',
  'first_seen',
] as const;
export const keywordSortFieldSchema = z.enum(keywordSortFields);
export type KeywordSortField = z.infer<typeof keywordSortFieldSchema>;

/** Search-history types: the search box's kinds, with rso_/wso_ variants (000 §7). */
export const historyTypeSchema = z.string().regex(/^[a-z_]{1,32}$/, '搜索类型不正确');

/**
 * A keyword field (000 §5): trimmed, at most `keywordLimits.single` characters counted as the domain
 * counts them (code points: an emoji is one), with the domain's message. Every keyword field of the
 * contract is built from this, so the browser and the server refuse exactly the same words.
 */
export const keywordTextSchema = z
  .string()
  .trim()
  .refine((text) => keywordLength(text) <= keywordLimits.single, keywordMessages.tooLong);
/** A keyword that must be given (请输入关键词 when empty). */
export const requiredKeywordSchema = keywordTextSchema.min(1, keywordMessages.required);

/** Search index bounds: the column is a 32-bit integer. */
const optionalIndex = int32Schema({ coerce: true }).min(0).optional();
/** Monthly cover bounds: the column is a bigint, so any safe integer fits. */
const optionalCount = z.coerce.number().int().min(0).optional();

export const keywordFiltersSchema = z
  .object({
    index_min: optionalIndex,
    index_max: optionalIndex,
    cover_min: optionalCount,
    cover_max: optionalCount,
    /** Competition stars to keep (1–4). */
    competition: z.array(z.number().int().min(1).max(4)).max(4).optional(),
    /** Content category code `diversify_N`. */
    category: z.string().max(32).optional(),
    industry: z.string().max(32).optional(),
    commerce: z.boolean().optional(),
    blue_ocean: z.boolean().optional(),
  })
  .default({});
export type KeywordFilters = z.infer<typeof keywordFiltersSchema>;

/** A TSO country: its two-letter code in capitals (US, GB, …). */
export const countryCodeSchema = z.string().regex(/^[A-Z]{2}$/, '国家代码不正确');

/** Search a library (000 §2.6, §5): one keyword, or a batch of up to 5. */
export const searchKeywordsBodySchema = z
  .object({
    platform: platformSchema,
    /** TSO only; defaults to US. */
    country: countryCodeSchema.optional(),
    keyword: keywordTextSchema.default(''),
    keywords: z.array(requiredKeywordSchema).max(keywordLimits.batchWords, '最多输入5个关键词').optional(),
    filters: keywordFiltersSchema,
    sort: keywordSortFieldSchema.default('search_index'),
    order: z.enum(['desc', 'asc']).default('desc'),
    ...pageFields(listPageSizeSchema),
    /** Search-history type to record the keyword under (for example `word`, `rso_word`). */
    history_type: historyTypeSchema.optional(),
  })
  .refine((body) => body.platform === 'TSO' || body.country === undefined, {
    message: '仅海外关键词库可选择国家',
    path: ['country'],
  });
export type SearchKeywordsBody = z.infer<typeof searchKeywordsBodySchema>;

/** A figure is exact for privileged users and a display band (a string) for the others (002 §9). */
export const figureSchema = z.union([z.number(), z.string()]);

/**
 * A signed rate (7-day growth): the fraction at 2 percent decimals for privileged users, a band such
 * as '5%-10%' or '-5%-10%' (fell) for the others (002 §6, §9).
 */
export const rateFigureSchema = z.union([z.number(), z.string()]);

/** How a search row matched its word (see `KeywordRow.match`). */
export const keywordMatchSchema = z.enum(['literal', 'industry', 'synonym']);
export type KeywordMatch = z.infer<typeof keywordMatchSchema>;

export const keywordRowSchema = z.object({
  id: z.number().int(),
  keyword: z.string(),
  platform: platformSchema,
  country: z.string(),
  search_index: figureSchema,
  month_cover_count: figureSchema,
  competition: z.number().int(),
  competition_reasons: z.array(z.string()),
  related_work_count: figureSchema,
  category: z.string().nullable(),
  industry: z.string().nullable(),
  commerce_intent: z.boolean(),
  blue_ocean: z.boolean(),
  growth_rate: rateFigureSchema,
  first_seen: z.string(),
  as_of: z.string(),
  /**
   * Why a search row is there: absent (or `literal`) when the keyword contains the search word; `industry`
   * when the word names the row's industry (母婴 → 母婴亲子), `synonym` when the row contains a synonym of
   * the word (宝宝 → 婴儿). Related rows come after the literal matches. Optional so older clients parse.
   */
  match: keywordMatchSchema.optional(),
});
export type KeywordRow = z.infer<typeof keywordRowSchema>;

/** The list response of 002 §3: total (and whether it is an estimate), the caller's row cap and grade, and the rows. */
export const keywordListSchema = estimatedListSchema(keywordRowSchema);
export type KeywordList = z.infer<typeof keywordListSchema>;

export const KeywordPath = {
  search: '/api/keyword/search',
  suggestions: '/api/keyword/sug',
  rsoSuggestions: '/api/keyword/rso_sug',
  bsoSuggestions: '/api/keyword/bso_sug',
  history: '/api/keyword/history',
  deleteHistory: '/api/keyword/history/delete',
  popular: '/api/keyword/popular',
  countries: '/api/keyword/countries',
  randomSeoWords: '/api/keyword/random_seo',
  rootWords: '/api/keyword/root_words',
} as const;

export const suggestionsQuerySchema = z.object({
  keyword: requiredKeywordSchema,
  /** TSO only. */
  country: countryCodeSchema.optional(),
});

export const historyQuerySchema = z.object({
  /** Comma-separated history types. */
  types: z
    .string()
    .min(1)
    .transform((value) => value.split(','))
    .pipe(z.array(historyTypeSchema).min(1).max(10)),
  size: z.coerce.number().int().min(1).max(50).default(10),
});

/** One history list per type, newest first (000 §7: the client reads data[0].logs). */
export const historyListSchema = z.array(z.object({ type: z.string(), logs: z.array(z.string()) }));
export type HistoryList = z.infer<typeof historyListSchema>;

export const deleteHistoryBodySchema = z
  .object({
    types: z.array(historyTypeSchema).min(1).max(10),
    keyword: requiredKeywordSchema.optional(),
    batch: z.boolean().optional(),
  })
  .refine((body) => body.batch === true || body.keyword !== undefined, { message: '请选择要删除的记录' });

/** Popular keyword types (000 §7): word, relation, down, industry and their rso_/wso_ variants. */
export const popularTypeSchema = z.enum([
  'word',
  'relation',
  'down',
  'industry',
  'rso_word',
  'rso_relation',
  'rso_down',
  'rso_industry',
  'wso_word',
  'wso_relation',
  'wso_down',
  'wso_industry',
]);
export type PopularType = z.infer<typeof popularTypeSchema>;

export const popularKeywordSchema = z.object({ keyword: z.string(), search_index: figureSchema });

export const countrySchema = z.object({
  country_code: z.string(),
  country_name_cn: z.string(),
  country_translation: z.string(),
});
export type Country = z.infer<typeof countrySchema>;

export const rootWordsQuerySchema = z.object({
  keyword: requiredKeywordSchema,
  platform: platformSchema.default('DSO'),
});

/** A root word of a long keyword, with its figures when the library has it. */
export const rootWordSchema = z.object({
  word: z.string(),
  search_index: figureSchema.nullable(),
  competition: z.number().int().nullable(),
  /** Library rows a search for the word finds (what clicking it opens); 0 = 暂无收录. */
  match_count: z.number().int(),
  /** True when `match_count` is an estimate or a cap rather than an exact count. */
  match_estimated: z.boolean(),
});
export type RootWord = z.infer<typeof rootWordSchema>;

import { isCalendarDay, TREND_PRESETS, type TrendPreset, trendRangeMessages } from '@dso/domain';
import { z } from 'zod';
import {
  countryCodeSchema,
  figureSchema,
  keywordListSchema,
  keywordRowSchema,
  type Platform,
  platformSchema,
  rateFigureSchema,
  requiredKeywordSchema,
  searchKeywordsBodySchema,
} from './keywords';
import { cappedListFields, listPageSizeSchema, pageFields } from './shapes';

/**
 * The keyword pages beyond search (000 §2.2–§2.3, 001 §6, 002 §3, §9): a keyword's detail (overview
 * trend, competition analysis, the same word on every platform), its related-word tabs and audience,
 * the DSO hot boards, the TSO topic lists, the xlsx export and the admin import. Envelope as always:
 * `{ code, msg, data }`; the export answers the file itself on success.
 *
 * Figures (`figureSchema`) are exact numbers for a logged-in user with `show_original_data` and
 * display bands (strings such as '12.3w') for everyone else (002 §9).
 */
export const KeywordDetailPath = {
  /** GET, login. One keyword's detail; spends one KEYWORD_LIBRARY_DETAIL_COUNT_DAY per distinct keyword a day. */
  detail: '/api/keyword/detail',
  /**
   * GET, login. The overview's index chart over a preset (`days`) or a custom range (`start`, `end`);
   * opening it counts as opening the keyword (free again the same day, as the detail).
   */
  trend: '/api/keyword/trend',
  /** GET, open (visitors see GUEST rows). The related-words tabs: sug, correlation, industry, root. */
  related: '/api/keyword/related',
  /** GET, login. Audience of a keyword's searchers. */
  portrait: '/api/keyword/portrait',
  /** GET, open (visitors see GUEST rows). One DSO hot board (/KeywordDouyinHot/{board}). */
  board: '/api/keyword/board',
  /** GET, open (visitors see GUEST rows). TSO topic lists (/KeywordTSOList/{kind}). */
  tsoTopics: '/api/keyword/tso_topics',
  /** GET, login. One TSO topic (/TsoKeyWordTopicDetail); spends a detail count like a keyword. */
  tsoTopicDetail: '/api/keyword/tso_topic',
  /** POST, login, KEYWORD_LIBRARY_EXPORT. The search body; answers an .xlsx file (errors as the envelope). */
  export: '/api/keyword/export',
} as const;

/**
 * Which keyword: the library (platform, and the country for TSO; US by default) and the word. The
 * detail route variants map to platforms: /keyWordDetail DSO, /RsoKeyWordDetail RSO,
 * /WsoKeyWordDetail WSO, /BsoKeyWordDetail BSO, /KsoKeyWordDetail KSO, /TsoKeyWordDetail TSO.
 */
export const keywordRefQuerySchema = z.object({
  platform: platformSchema.default('DSO'),
  /** TSO only; defaults to US. Ignored for the other platforms. */
  country: countryCodeSchema.optional(),
  keyword: requiredKeywordSchema,
});
export type KeywordRefQuery = z.infer<typeof keywordRefQuerySchema>;

// ——— detail ———

/** One day of the overview chart. */
export const trendPointSchema = z.object({
  /** YYYY-MM-DD. */
  day: z.string(),
  /**
   * The search index that day (搜索指数). Exact for show_original_data viewers; otherwise rounded down to
   * the precision of the display band (1,000 above 10,000; 10,000,000 from 1亿) so the chart keeps its
   * shape without giving away the exact figure. `banded` on the trend says which.
   */
  value: z.number(),
  /**
   * The overall index that day (综合指数: searches plus the content and propagation around the word:
   * works posted, plays, likes, shares), banded like `value`; null when the source gives none.
   */
  overall: z.number().nullable(),
});

export const keywordTrendSchema = z.object({
  start_day: z.string(),
  /** The last day shown: the keyword's `as_of` for a preset, the chosen end of a custom range. */
  end_day: z.string(),
  /** The first day the library holds for the word: a custom range cannot start before it. */
  first_day: z.string(),
  /** The keyword's data day (`as_of`): no range ends after it. */
  last_day: z.string(),
  /** The preset shown (7, 30, 90, 180, 365 days), or null for a custom range. */
  days: z.number().int().nullable(),
  banded: z.boolean(),
  /** True when at least one day has an overall index (the chart then offers 综合指数). */
  has_overall: z.boolean(),
  points: z.array(trendPointSchema),
});
export type KeywordTrend = z.infer<typeof keywordTrendSchema>;

const trendDay = z.string().trim().refine(isCalendarDay, trendRangeMessages.dayFormat).optional();

/**
 * `GET trend`: a preset (`days`, default 30) or a custom range (`start` and `end`, both days; they win
 * over `days`). A range outside the stored days or after the data day is refused with 400 and the
 * Chinese reason (domain `resolveTrendRange`); an unknown keyword is 404 关键词不存在.
 */
export const keywordTrendQuerySchema = keywordRefQuerySchema
  .extend({
    days: z.coerce
      .number({ error: trendRangeMessages.preset })
      .refine((days) => (TREND_PRESETS as readonly number[]).includes(days), trendRangeMessages.preset)
      .transform((days) => days as TrendPreset)
      .optional(),
    start: trendDay,
    end: trendDay,
  })
  .refine((query) => (query.start === undefined) === (query.end === undefined), trendRangeMessages.bothDays);
export type KeywordTrendQuery = z.infer<typeof keywordTrendQuerySchema>;

/** How the keyword compares with the median of its industry (or the whole library without one). */
export const comparisonSchema = z.enum(['higher', 'similar', 'lower']);

export const industryMedianSchema = z.object({
  /** The industry compared with; null = the whole library (the keyword has no industry). */
  industry: z.string().nullable(),
  /** Keywords the medians were taken over. */
  sample_size: z.number().int(),
  search_index: figureSchema,
  related_work_count: figureSchema,
  works_per_index: z.number(),
  competition: z.number(),
  growth_rate: rateFigureSchema,
  /** When the medians were computed (the derive job). */
  as_of: z.string(),
});

/** `competeAnalyze` tab: the stars with the reasons behind them, the drivers, and the industry comparison. */
export const competeAnalyzeSchema = z.object({
  /** 1–4 (glossary: 1-2 smallest, 3 medium, 4 largest). */
  stars: z.number().int().min(1).max(4),
  /** Chinese reasons behind the grade, e.g. 相关作品多，创作者扎堆. */
  reasons: z.array(z.string()),
  /** Short label of the grade: 竞争小 (1–2), 竞争中等 (3), 竞争大 (4). */
  level: z.string(),
  /** Related works per point of search index (≥5 crowded, ≥1 some works). */
  works_per_index: z.number(),
  commerce_intent: z.boolean(),
  /** Last 7 days against the 7 before: a fraction, or its band (002 §9). */
  growth_rate: rateFigureSchema,
  blue_ocean: z.boolean(),
  /** Null until the derive job has computed the medians of the library. */
  industry_median: industryMedianSchema.nullable(),
  /** This keyword against the medians; null without medians. */
  compared: z
    .object({
      search_index: comparisonSchema,
      works_per_index: comparisonSchema,
      competition: comparisonSchema,
      growth_rate: comparisonSchema,
    })
    .nullable(),
  /** One sentence for the tab, e.g. 该词竞争低于美妆护肤行业中位水平，搜索需求高于中位水平. */
  summary: z.string(),
});
export type CompeteAnalyze = z.infer<typeof competeAnalyzeSchema>;

/** The same word in one library, for the side-by-side table. */
export const platformFiguresSchema = z.object({
  platform: platformSchema,
  /** '' except TSO ('US'). */
  country: z.string(),
  /** False when that library does not have the word; the figures are then null. */
  found: z.boolean(),
  search_index: figureSchema.nullable(),
  month_cover_count: figureSchema.nullable(),
  related_work_count: figureSchema.nullable(),
  competition: z.number().int().nullable(),
  growth_rate: rateFigureSchema.nullable(),
  as_of: z.string().nullable(),
});
export type PlatformFigures = z.infer<typeof platformFiguresSchema>;

/** `GET detail` data. Unknown keyword: 404 关键词不存在 (nothing spent). */
/**
 * Where a keyword's figures came from: the demo library, an import file, or a scheduled collection's hot board
 * (TikHub's, Douyin Open Platform's, or the sandbox's made-up one).
 */
export const keywordSourceSchema = z.enum(['demo', 'import', 'tikhub', 'douyin', 'sandbox']);
export type KeywordSource = z.infer<typeof keywordSourceSchema>;

/** How the detail page names each source (数据来源：…). */
export const keywordSourceLabels: Record<KeywordSource, string> = {
  demo: '示例数据',
  import: '导入数据',
  tikhub: 'TikHub 抖音热榜',
  douyin: '抖音开放平台热榜',
  sandbox: '沙箱热榜（示例）',
};

/** The libraries a hot board feeds, by the platform's name (docs/collection.md, "Libraries and their sources"). */
const boardPlatformNames: Partial<Record<Platform, string>> = { DSO: '抖音', RSO: '小红书', KSO: '快手', BSO: 'B站' };

/**
 * How the detail page names the source of a row of a library: TikHub's board is its platform's (TikHub 小红书热榜 for a
 * 小红书 word), the others as `keywordSourceLabels` says.
 */
export function keywordSourceLabel(source: KeywordSource, platform: Platform): string {
  if (source !== 'tikhub') return keywordSourceLabels[source];
  const name = boardPlatformNames[platform];
  return name ? `TikHub ${name}热榜` : 'TikHub 热榜';
}

export const keywordDetailSchema = z.object({
  /** The keyword row (as in search results); its `as_of` is the date of every figure. */
  keyword: keywordRowSchema,
  /**
   * Daily search and overall index for the overview chart over the default period (近30天; other periods
   * through `GET trend`); null when the library has no daily series for the word.
   */
  trend: keywordTrendSchema.nullable(),
  competeAnalyze: competeAnalyzeSchema,
  /** DSO, RSO, WSO, BSO, KSO in that order, then TSO US when that library has the word. */
  platforms: z.array(platformFiguresSchema),
  /** KEYWORD_LIBRARY_DETAIL_COUNT_DAY after this open (remaining = per_val − use_val). */
  detail_use: z.object({ per_val: z.number().int(), use_val: z.number().int() }),
  /** True when this open was free (the same keyword was opened earlier today). */
  reopened: z.boolean(),
  /** Where the keyword's figures came from; they are as of `keyword.as_of`. */
  source: keywordSourceSchema,
});
export type KeywordDetail = z.infer<typeof keywordDetailSchema>;

// ——— related words ———

/**
 * - sug: drop-down words: the source's 下拉词 a collection stored for the word, else keywords that start with it;
 * - correlation: words sharing the word's main jieba word (kept by the derive job for the top
 *   keywords, computed on the fly otherwise);
 * - industry: the top words of the word's industry;
 * - root: the shorter library words the keyword is built from (its jieba roots and their runs).
 */
export const relationKindSchema = z.enum(['sug', 'correlation', 'industry', 'root']);
export type RelationKind = z.infer<typeof relationKindSchema>;

export const relatedQuerySchema = keywordRefQuerySchema.extend({
  relation: relationKindSchema,
  ...pageFields(listPageSizeSchema),
});
export type RelatedQuery = z.infer<typeof relatedQuerySchema>;

/** A related word: its keyword row and how strongly it is tied to the keyword (domain `relationStrength`). */
export const relatedRowSchema = keywordRowSchema.extend({
  /**
   * 0–100: shared text (55 points), the word's share of the keyword's searches (25) and a shared industry
   * (20); 强 from 60, 中 from 30, else 弱. Always
   * sent; optional so a client or fixture older than it still parses.
   */
  relation_strength: z.number().int().min(0).max(100).optional(),
});
export type RelatedRow = z.infer<typeof relatedRowSchema>;

/**
 * `GET related` data: the 002 §3 list (`total_record`, `data_max`, `user_grade`, `result` of keyword
 * rows with their relation strength; each row's own `growth_rate` says whether it is rising or
 * falling). `data_max` is the paging depth (visitors 10, then KEYWORD_LIBRARY_PAGE_MAX); paging past it
 * returns no rows. `main_word` is the jieba word correlation used (null for the other relations).
 */
export const relatedListSchema = keywordListSchema.extend({
  relation: relationKindSchema,
  main_word: z.string().nullable(),
  result: z.array(relatedRowSchema),
});
export type RelatedList = z.infer<typeof relatedListSchema>;

// ——— audience ———

/** One share of a distribution: `value` is a ratio (0–1); a distribution sums to about 1. */
export const portraitShareSchema = z.object({ name: z.string(), value: z.number() });
export type PortraitShare = z.infer<typeof portraitShareSchema>;

/**
 * The distributions every audience portrait lists, a keyword's and a video's or creator's alike, in the
 * 002 §3 names and order. gender_more: 女, 男; age_more: 18-23, 24-30, 31-40, 41-50, 50+; province_more
 * and city_more: the top 10; city_level_more: 一线, 新一线, 二线, 三线, 四线, 五线.
 */
export const portraitDistributionsSchema = z.object({
  gender_more: z.array(portraitShareSchema),
  age_more: z.array(portraitShareSchema),
  province_more: z.array(portraitShareSchema),
  city_more: z.array(portraitShareSchema),
  city_level_more: z.array(portraitShareSchema),
});
export type PortraitDistributions = z.infer<typeof portraitDistributionsSchema>;

/**
 * `GET portrait` data: the shared distributions (`portraitDistributionsSchema`). With no portrait every
 * list is empty, `as_of` null and `empty_text` 暂无观众画像. A word of 1w search index or more without
 * one of its own answers an estimate (`estimated`).
 */
export const keywordPortraitSchema = z.object({
  keyword: z.string(),
  as_of: z.string().nullable(),
  ...portraitDistributionsSchema.shape,
  /** 暂无观众画像 when there is none, else null. */
  empty_text: z.string().nullable(),
  /**
   * True when the source gives the word no portrait and this one is estimated from its industry's
   * words (shown as 估算); optional so clients older than it still parse the answer.
   */
  estimated: z.boolean().optional(),
});
export type KeywordPortrait = z.infer<typeof keywordPortraitSchema>;

// ——— hot boards ———

/** The nine DSO boards of /KeywordDouyinHot/ (rules in docs/keywords.md). */
export const boardKindSchema = z.enum([
  'blue',
  'industryHot',
  'commerceHotSell',
  'industryHeight',
  'topicList',
  'commerceHot',
  'industryLast',
  'topicSurge',
  'commerceLast',
]);
export type BoardKind = z.infer<typeof boardKindSchema>;

/** Chinese board titles. */
export const boardTitles: Record<BoardKind, string> = {
  blue: '蓝海词榜',
  industryHot: '行业热词榜',
  commerceHotSell: '带货热销词榜',
  industryHeight: '行业飙升词榜',
  topicList: '话题热词榜',
  commerceHot: '带货热词榜',
  industryLast: '行业新词榜',
  topicSurge: '话题飙升榜',
  commerceLast: '带货新词榜',
};

export const boardQuerySchema = z.object({
  board: boardKindSchema,
  /** One industry's board (its own ranks); absent = all industries. */
  industry: z.string().trim().max(32).optional(),
  /** DSO by default (the boards of /KeywordDouyinHot/); other libraries have boards too. */
  platform: platformSchema.default('DSO'),
  country: countryCodeSchema.optional(),
  ...pageFields(listPageSizeSchema),
});
export type BoardQuery = z.infer<typeof boardQuerySchema>;

export const boardRowSchema = keywordRowSchema.extend({
  rank: z.number().int().min(1),
  /** Places moved since the previous board day: positive up, negative down, 0 same; null = new on the board. */
  rank_change: z.number().int().nullable(),
});
export type BoardRow = z.infer<typeof boardRowSchema>;

/**
 * `GET board` data: the list shape. `data_max` is the rows this caller may see (visitors 10 and the
 * 需要登录才能查看更多排名 / 马上登录 prompt; else KEYWORD_LIBRARY_ROWS, with rowCapMessage when hit);
 * rows beyond it are not returned. `as_of` is the board day (null before the first derive).
 */
export const boardListSchema = z.object({
  board: boardKindSchema,
  title: z.string(),
  industry: z.string().nullable(),
  as_of: z.string().nullable(),
  ...cappedListFields(boardRowSchema),
});
export type BoardList = z.infer<typeof boardListSchema>;

/** Industries that have a board, for the board page's industry tabs: `GET board/industries?platform`. */
export const boardIndustriesPath = '/api/keyword/board/industries';
export const boardIndustriesSchema = z.array(z.object({ industry: z.string(), keyword_count: z.number().int() }));

// ——— TSO topics ———

/** /KeywordTSOList/ecoTopic (e-commerce topics) and /KeywordTSOList/creativeIdeaTopics (creative ideas). */
export const tsoTopicKindSchema = z.enum(['ecoTopic', 'creativeIdeaTopics']);
export type TsoTopicKind = z.infer<typeof tsoTopicKindSchema>;

export const tsoTopicsQuerySchema = z.object({
  kind: tsoTopicKindSchema,
  /** Default US. */
  country: countryCodeSchema.optional(),
  sort: z.enum(['views', 'video_count', 'growth_rate']).default('views'),
  ...pageFields(listPageSizeSchema),
});
export type TsoTopicsQuery = z.infer<typeof tsoTopicsQuerySchema>;

export const tsoTopicRowSchema = z.object({
  id: z.number().int(),
  rank: z.number().int(),
  kind: tsoTopicKindSchema,
  country: z.string(),
  /** The hashtag text, without '#'. */
  topic: z.string(),
  views: figureSchema,
  video_count: figureSchema,
  growth_rate: rateFigureSchema,
  as_of: z.string(),
});
export type TsoTopicRow = z.infer<typeof tsoTopicRowSchema>;

/** `GET tso_topics` data: the list shape with topic rows (same row caps as boards). */
export const tsoTopicListSchema = z.object(cappedListFields(tsoTopicRowSchema));
export type TsoTopicList = z.infer<typeof tsoTopicListSchema>;

export const tsoTopicDetailQuerySchema = z.object({
  kind: tsoTopicKindSchema,
  country: countryCodeSchema.optional(),
  topic: z.string().trim().min(1, '请输入话题').max(60),
});

/** `GET tso_topic` data: the topic and the TSO keywords of its country that contain its words. 404 话题不存在. */
export const tsoTopicDetailSchema = z.object({
  topic: tsoTopicRowSchema,
  keywords: z.array(keywordRowSchema),
  detail_use: z.object({ per_val: z.number().int(), use_val: z.number().int() }),
});
export type TsoTopicDetail = z.infer<typeof tsoTopicDetailSchema>;

// ——— export ———

/** Rows in one export at most (002 §5: the max extract/export count is 100). */
export const EXPORT_MAX_ROWS = 100;

/**
 * `POST export`: the search body (platform, country, keyword or keywords, filters, sort, order; paging
 * is ignored: the first 100 rows of the search in its order). Success: the .xlsx file
 * (`Content-Disposition: attachment`, Chinese headers). Visitors: 800 请先登录; FREE lacks the
 * permission: 810 with data; daily exports used up: 810 with data.
 */
export const exportKeywordsBodySchema = searchKeywordsBodySchema;

/** The sheet's columns, in order. */
export const exportColumns = [
  '关键词',
  '平台',
  '国家',
  '搜索指数',
  '月覆盖量',
  '竞争度',
  '竞争原因',
  '相关作品数',
  '内容分类',
  '行业',
  '带货意图',
  '蓝海词',
  '7日增长率',
  '首次出现',
  '数据日期',
] as const;

// ——— admin import ———

export const importFormatSchema = z.enum(['csv', 'xlsx', 'xls', 'jsonl']);
export type ImportFormat = z.infer<typeof importFormatSchema>;

export const importStatusSchema = z.enum(['queued', 'running', 'done', 'failed']);

/**
 * One rejected row: the row as the file shows it (CSV and XLSX: the line or sheet row, the header
 * being row 1, so the first data row is 2; JSONL: the line number), the column, a Chinese message.
 */
export const importRowErrorSchema = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** An import run: the console's upload answers it queued; its report call answers its progress and report. */
export const importReportSchema = z.object({
  id: z.number().int(),
  source: z.string(),
  format: importFormatSchema,
  status: importStatusSchema,
  total_rows: z.number().int(),
  inserted_rows: z.number().int(),
  updated_rows: z.number().int(),
  error_rows: z.number().int(),
  /** The first 1,000 row errors; `error_rows` counts all of them. */
  errors: z.array(importRowErrorSchema),
  /** Libraries the import touched ('DSO', 'TSO/US'); a derive job is queued for each. */
  scopes: z.array(z.string()),
  /** Why the whole file failed (unreadable, wrong format), else null. */
  failure: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

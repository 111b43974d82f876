import { z } from 'zod';
import { calendarDaySchema } from './input';
import { keywordTextSchema, requiredKeywordSchema } from './keywords';
import { pagedListFields, pageFields, pageSizeUpTo } from './shapes';
import { uploadRules, uploadTexts } from './uploads';
import { permissionUseSchema } from './user';
import { platformIdSchema } from './videos';

/**
 * 关键词排名监控 (000 §2.1–§2.3, §6; 001 §6; 002 §2, §3, §5, §8): a user monitors keywords (the works
 * ranked under a keyword) and works under keywords (one work's place), within KEYWORD_MONITOR_COUNT. Checks
 * run once a day as jobs; every check is kept, one per item per day. docs/monitoring.md.
 */

export const MonitoringPath = {
  /** GET ?page_no&page_size&keyword?. Login. The user's items with their latest check, and the quota. */
  list: '/api/monitor/list',
  /** POST { keyword, platform?, aweme_id? }. Login. Monitors a keyword (or a work under it); takes one unit. */
  add: '/api/monitor/add',
  /** POST { id }. Login. Stops monitoring an item (its unit is given back; its history goes with it). */
  remove: '/api/monitor/delete',
  /** POST multipart `file` (.xlsx/.xls, < 20 MB). Login. Monitors the file's keywords, as many as the quota allows. */
  upload: '/api/monitor/upload',
  /** GET ?id&days?. Login. One keyword item: the works ranked under it, day by day. */
  keyword: '/api/monitor/keyword',
  /** GET ?days?. Login. The works-rank dashboard: coverage, rank curves and movers. */
  dashboard: '/api/monitor/dashboard',
  /** GET ?day?. Login. One day's summary: rises, falls, new entries and lost positions. */
  daily: '/api/monitor/daily',
  /** GET ?day&format=xlsx|pdf. Login (no example mode: the example is read on screen only). The day's summary as an .xlsx or a .pdf file (errors as the envelope). */
  dailyExport: '/api/monitor/daily/export',
  /** GET ?days&format. Login. Every check of the user's items over the last `days` days as .csv or .xlsx. */
  historyExport: '/api/monitor/history/export',
} as const;

/**
 * `type=example` on the list, keyword, dashboard and daily calls (002 §2: a page opened with type=example shows
 * sample data): the same answer shapes, filled with 30 days of sample monitoring of demo works instead of the
 * caller's items. Login as for the pages; no permission, no quota spent, nothing stored (docs/monitoring.md).
 */
export const monitorViewTypeSchema = z.literal('example');
export type MonitorViewType = z.infer<typeof monitorViewTypeSchema>;
const viewType = { type: monitorViewTypeSchema.optional() };

/** The quota every monitored item takes one unit of (000 §6, 001 §6). */
export const MONITOR_ALIAS = 'KEYWORD_MONITOR_COUNT';

/** Platforms whose data ranks works under keywords (the video library holds Douyin works only). */
export const monitorPlatformSchema = z.enum(['DSO']);
export type MonitorPlatform = z.infer<typeof monitorPlatformSchema>;

export const monitoringLimits = {
  /** At most this many files in the upload dialog, at once and listed (002 §5). */
  uploadFiles: uploadRules.filesAtOnce,
  /** The upload's size limit in MB (002 §5, §9). */
  uploadMaxMb: 20,
  /** Keywords read from one file at most: more than any grade's quota with packs. */
  uploadMaxKeywords: 5_000,
  pageSizeMax: 100,
  /** Days a history view (keyword detail, history export) reaches back at most. */
  daysMax: 90,
  /** Days the works-rank dashboard reaches back at most: a year, read from the daily roll-up. */
  dashboardDaysMax: 365,
  /** Days of history the example mode (`type=example`) holds, ending on the demo data's as-of day. */
  exampleDays: 30,
} as const;

/** The upload dialog's and the calls' texts (002 §5, §8); the dialog's ones to the character. */
export const monitoringMessages = {
  uploadListFull: uploadTexts.listFull,
  uploadTooMany: uploadTexts.tooManyAtOnce,
  /** Over 20 MB (002 §5). */
  uploadTooLarge: '上传文件大小不能超过 20MB!',
  /** A keyword file added (002 §8). */
  added: '添加成功',
  /** A keyword file's status label when adding failed (002 §8). */
  addFailed: '添加失败！',
  /** A file's status label when the upload itself failed (002 §8). */
  uploadFailed: '上传失败！',
  fileType: '请上传 .xlsx 或 .xls 格式的文件',
  fileEmpty: '文件中没有可添加的关键词',
  alreadyMonitored: '该关键词已在监控中',
  itemMissing: '监控项不存在或已删除',
  removed: '删除成功',
  notKeywordItem: '该监控项不是关键词监控',
  pageSizeTooLarge: `每页最多${monitoringLimits.pageSizeMax}条`,
  daysOutOfRange: `最多查看${monitoringLimits.daysMax}天`,
  dashboardDaysOutOfRange: `最多查看${monitoringLimits.dashboardDaysMax}天`,
  /** A check that could not be done (the source did not answer after the retries). */
  checkFailed: '检测失败',
  /** An item added today, before its first check. */
  pending: '待检测',
  unranked: '未上榜',
  /** The daily paper's PDF needs a Chinese font on the server; none is installed or configured. */
  pdfFontMissing: '服务器缺少中文字体，暂时无法导出 PDF，请先导出 Excel',
} as const;

const rank = z.number().int().min(1);

/** What a check found: ranked (a work's place, or a keyword's ranked works), not in the ranking, or failed. */
export const monitorCheckStatusSchema = z.enum(['pending', 'ranked', 'unranked', 'failed']);
export type MonitorCheckStatus = z.infer<typeof monitorCheckStatusSchema>;

/** One day's check of an item. A failed check has no rank: it is never shown as rank 0. */
export const monitorCheckSchema = z.object({
  day: calendarDaySchema,
  status: monitorCheckStatusSchema,
  /** A work item's place; null for a keyword item and when not ranked or failed. */
  rank: rank.nullable(),
  /** A keyword item's number of ranked works (up to the top 100); null for work items and failures. */
  ranked_count: z.number().int().min(0).nullable(),
  checked_at: z.string().nullable(),
});
export type MonitorCheck = z.infer<typeof monitorCheckSchema>;

/** A monitored item: a keyword on a platform, or a work (`aweme_id`) under a keyword. */
export const monitorItemSchema = z.object({
  id: z.number().int(),
  platform: monitorPlatformSchema,
  keyword: z.string(),
  /** The work monitored under the keyword; null for a keyword item. */
  aweme_id: z.string().nullable(),
  work_title: z.string(),
  created_at: z.string(),
  latest: monitorCheckSchema.nullable(),
  /** The rank of the last successful check before `latest` (null: not ranked then, or none). */
  previous_rank: rank.nullable(),
  /** Whether an earlier successful check exists (else a ranked work is 新上榜). */
  has_previous: z.boolean(),
});
export type MonitorItem = z.infer<typeof monitorItemSchema>;

export const monitorListQuerySchema = z.object({
  ...pageFields(pageSizeUpTo(monitoringLimits.pageSizeMax, 20, monitoringMessages.pageSizeTooLarge)),
  /** A filter on the monitored keyword: the keyword limit, counted in characters as the domain does. */
  keyword: keywordTextSchema.optional(),
  ...viewType,
});
export type MonitorListQuery = z.infer<typeof monitorListQuerySchema>;

export const monitorListSchema = z.object({
  ...pagedListFields(monitorItemSchema),
  /** KEYWORD_MONITOR_COUNT: per_val allowed, use_val used. */
  use: permissionUseSchema,
});
export type MonitorList = z.infer<typeof monitorListSchema>;

export const monitorAddBodySchema = z.object({
  keyword: requiredKeywordSchema,
  platform: monitorPlatformSchema.default('DSO'),
  aweme_id: platformIdSchema.optional(),
});
export type MonitorAddBody = z.infer<typeof monitorAddBodySchema>;

export const monitorIdBodySchema = z.object({ id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

const daysQuery = z.coerce
  .number()
  .int()
  .min(1, monitoringMessages.daysOutOfRange)
  .max(monitoringLimits.daysMax, monitoringMessages.daysOutOfRange)
  .default(14);

export const monitorKeywordQuerySchema = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  days: daysQuery,
  ...viewType,
});
export type MonitorKeywordQuery = z.infer<typeof monitorKeywordQuerySchema>;

/** The dashboard's window (up to a year). */
export const monitorDaysQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .min(1, monitoringMessages.dashboardDaysOutOfRange)
    .max(monitoringLimits.dashboardDaysMax, monitoringMessages.dashboardDaysOutOfRange)
    .default(14),
  ...viewType,
});
export type MonitorDaysQuery = z.infer<typeof monitorDaysQuerySchema>;

export const monitorDailyQuerySchema = z.object({ day: calendarDaySchema.optional(), ...viewType });
export type MonitorDailyQuery = z.infer<typeof monitorDailyQuerySchema>;

/** The daily paper's export: the spreadsheet (the default), or a PDF to read and pass on. */
export const monitorDailyExportFormatSchema = z.enum(['xlsx', 'pdf']);
export type MonitorDailyExportFormat = z.infer<typeof monitorDailyExportFormatSchema>;
export const monitorDailyExportQuerySchema = z.object({
  day: calendarDaySchema.optional(),
  format: monitorDailyExportFormatSchema.default('xlsx'),
});
export type MonitorDailyExportQuery = z.infer<typeof monitorDailyExportQuerySchema>;

export const monitorExportFormatSchema = z.enum(['csv', 'xlsx']);
export type MonitorExportFormat = z.infer<typeof monitorExportFormatSchema>;

export const monitorHistoryExportQuerySchema = z.object({
  days: daysQuery,
  format: monitorExportFormatSchema.default('xlsx'),
});
export type MonitorHistoryExportQuery = z.infer<typeof monitorHistoryExportQuerySchema>;

/** The upload's answer: what was added and what was left out. */
export const monitorUploadResultSchema = z.object({
  /** Distinct usable keywords the file held. */
  keywords: z.number().int(),
  added: z.number().int(),
  /** Already monitored: kept, not charged again. */
  existing: z.number().int(),
  /** Not added because the quota ran out (002 §5). */
  over_quota: z.number().int(),
  /** Rows that were not a usable keyword (empty, over 30 characters). */
  invalid: z.number().int(),
  use: permissionUseSchema,
});
export type MonitorUploadResult = z.infer<typeof monitorUploadResultSchema>;

/** A work in a keyword's ranking. */
export const rankedWorkSchema = z.object({
  aweme_id: z.string(),
  title: z.string(),
  author: z.string(),
  cover: z.string(),
  good_count: z.number(),
});
export type RankedWork = z.infer<typeof rankedWorkSchema>;

/** One keyword item's ranked works over days: `ranks[i]` is the place on `days[i]` (null: not ranked). */
export const monitorKeywordDetailSchema = z.object({
  item: monitorItemSchema,
  days: z.array(z.object({ day: calendarDaySchema, status: monitorCheckStatusSchema })),
  works: z.array(rankedWorkSchema.extend({ ranks: z.array(rank.nullable()), monitored: z.boolean() })),
});
export type MonitorKeywordDetail = z.infer<typeof monitorKeywordDetailSchema>;

/** A monitored work's move between its last two successful checks. */
export const monitorMoverSchema = z.object({
  id: z.number().int(),
  keyword: z.string(),
  aweme_id: z.string(),
  work_title: z.string(),
  previous_rank: rank.nullable(),
  rank: rank.nullable(),
});
export type MonitorMover = z.infer<typeof monitorMoverSchema>;

export const monitorDashboardSchema = z.object({
  days: z.array(calendarDaySchema),
  summary: z.object({
    keywords: z.number().int(),
    works: z.number().int(),
    /** 核心词数: monitored works' keywords ranked in the top 100 at their latest check. */
    core: z.number().int(),
    /** 排名数: in the top 10. */
    ranking: z.number().int(),
    failed: z.number().int(),
  }),
  /** Per day: 核心词数 and 排名数 over the monitored works. */
  coverage: z.array(z.object({ day: calendarDaySchema, core: z.number().int(), ranking: z.number().int() })),
  /** Rank curves of the best-placed monitored works. */
  curves: z.array(
    z.object({
      id: z.number().int(),
      keyword: z.string(),
      aweme_id: z.string(),
      work_title: z.string(),
      ranks: z.array(rank.nullable()),
    }),
  ),
  rises: z.array(monitorMoverSchema),
  falls: z.array(monitorMoverSchema),
});
export type MonitorDashboard = z.infer<typeof monitorDashboardSchema>;

export const monitorDailySchema = z.object({
  day: calendarDaySchema,
  /** The day compared with (the last earlier day with a check), or null. */
  previous_day: calendarDaySchema.nullable(),
  checked: z.number().int(),
  failed: z.number().int(),
  rises: z.array(monitorMoverSchema),
  falls: z.array(monitorMoverSchema),
  entries: z.array(monitorMoverSchema),
  losses: z.array(monitorMoverSchema),
});
export type MonitorDaily = z.infer<typeof monitorDailySchema>;

import { z } from 'zod';
import { consoleReasonSchema } from './console';
import { pageNoSchema } from './input';
import { importReportSchema } from './keyword-details';
import { countryCodeSchema, platformSchema } from './keywords';
import { totalListSchema, unixSecondsSchema } from './shapes';
import { videoImportKinds, videoImportReportSchema } from './videos';

/*
 * The operator's console (docs/console.md), 数据: imports, derive jobs and the job queue.
 * Every call answers the console's envelope (console.ts): 800/801 without a live staff session, 403 无权限访问
 * for a role that may not. Instants are Unix seconds; money is integer fen.
 */

/** Messages of the 数据 page's calls. */
export const consoleDataMessages = {
  targetInvalid: '请选择导入的数据',
  keywordFormat: '不支持的文件格式，请上传 CSV、XLSX、XLS 或 JSONL 文件',
  videoFormat: '不支持的文件格式，请上传 CSV 或 JSONL 文件',
  videoKind: `请选择数据类型：${videoImportKinds.join('、')}`,
  importNotFound: '导入记录不存在',
  deriveQueued: '该库的派生任务已在排队，无需重复提交',
  jobNotFound: '任务不存在',
  jobNotFailed: '只有失败的任务可以重试或丢弃',
  jobAlreadyQueued: '同一任务已在排队，无需重试',
  jobIdInvalid: '任务编号须为正整数',
  collectionInvalid: '采集任务不存在',
  collectionBusy: '该采集已在排队或运行中，请稍后再试',
} as const;

const m = consoleDataMessages;

// ——— Imports ———

/** What an import file holds: keyword rows, or video data of one kind (docs/data-format.md). */
export const consoleImportTargets = ['keywords', 'videos'] as const;
export const consoleImportTargetSchema = z.enum(consoleImportTargets, { error: m.targetInvalid });
export type ConsoleImportTarget = z.infer<typeof consoleImportTargetSchema>;

/**
 * The query of `POST import/keywords` and `POST import/videos` (multipart: field `file`, `format` when the file
 * name does not tell it, `kind` for video data): the reason travels here, checked before the file is received,
 * since the form's text fields are read as lower-cased codes.
 */
export const consoleImportQuerySchema = z.object({ reason: consoleReasonSchema });
export type ConsoleImportQuery = z.input<typeof consoleImportQuerySchema>;

/** `GET import/report?target=&id=`: an import's progress and its per-row report. */
export const consoleImportReportQuerySchema = z.object({
  target: consoleImportTargetSchema,
  id: z.coerce
    .number({ error: m.importNotFound })
    .int(m.importNotFound)
    .min(1, m.importNotFound)
    .max(2 ** 53),
});
export type ConsoleImportReportQuery = z.input<typeof consoleImportReportQuerySchema>;

/** An import's report, tagged by what it imported. */
export const consoleImportReportSchema = z.discriminatedUnion('target', [
  z.object({ target: z.literal('keywords'), report: importReportSchema }),
  z.object({ target: z.literal('videos'), report: videoImportReportSchema }),
]);
export type ConsoleImportReport = z.infer<typeof consoleImportReportSchema>;

/** One import as the page's list shows it: its report without the refused rows (the report call answers them). */
export const consoleImportItemSchema = z.object({
  target: consoleImportTargetSchema,
  id: z.number().int(),
  source: z.string(),
  /** The kind of video-data file; null for keywords. */
  kind: z.string().nullable(),
  status: importReportSchema.shape.status,
  total_rows: z.number().int(),
  inserted_rows: z.number().int(),
  updated_rows: z.number().int(),
  error_rows: z.number().int(),
  failure: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ConsoleImportItem = z.infer<typeof consoleImportItemSchema>;

/** `GET import/list`: the latest 20 imports of both kinds (uploads and `npm run import` runs), newest first. */
export const consoleImportListSchema = z.array(consoleImportItemSchema);
export const CONSOLE_IMPORT_LIST_SIZE = 20;

// ——— Jobs ———

/** A job's state: the queue's four, and discarded (a failed job staff set aside; never run again). */
export const consoleJobStatuses = ['queued', 'running', 'done', 'failed', 'discarded'] as const;
export const consoleJobStatusSchema = z.enum(consoleJobStatuses);
export type ConsoleJobStatus = z.infer<typeof consoleJobStatusSchema>;

/** One job as the console lists it. */
export const consoleJobSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: consoleJobStatusSchema,
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  /** The last attempt's error (kept while a retried job waits), else null. */
  last_error: z.string().nullable(),
  payload: z.unknown(),
  create_time: unixSecondsSchema,
  update_time: unixSecondsSchema,
  /** Not run before this instant. */
  run_after_time: unixSecondsSchema,
  finish_time: unixSecondsSchema.nullable(),
});
export type ConsoleJob = z.infer<typeof consoleJobSchema>;

/** `GET jobs/summary`: how many jobs of each kind are in each state, and the oldest one waiting. */
export const consoleJobSummarySchema = z.object({
  counts: z.array(z.object({ kind: z.string(), status: consoleJobStatusSchema, count: z.number().int() })),
  /** The queued job due longest, and how many seconds it has waited since it fell due; null when none waits. */
  oldest_waiting: z.object({ id: z.number().int(), kind: z.string(), waiting_seconds: z.number().int() }).nullable(),
});
export type ConsoleJobSummary = z.infer<typeof consoleJobSummarySchema>;

/**
 * `GET jobs?status=&kind=&page_no=`: jobs in one state (every state when absent) and of one kind if given,
 * newest first, 20 a page. The page lists failed ones first; discarded ones stay listed under their state.
 */
export const consoleJobsQuerySchema = z.object({
  status: consoleJobStatusSchema.optional(),
  kind: z.string().trim().min(1).max(100).optional(),
  page_no: pageNoSchema,
});
export type ConsoleJobsQuery = z.input<typeof consoleJobsQuerySchema>;
export const consoleJobPageSchema = totalListSchema(consoleJobSchema);
export type ConsoleJobPage = z.infer<typeof consoleJobPageSchema>;
export const CONSOLE_JOB_PAGE_SIZE = 20;

const jobIdSchema = z
  .number({ error: m.jobIdInvalid })
  .int(m.jobIdInvalid)
  .min(1, m.jobIdInvalid)
  .max(2 ** 53);

/** `POST jobs/retry` and `POST jobs/discard`: a failed job, and why. */
export const consoleJobActionBodySchema = z.object({ job_id: jobIdSchema, reason: consoleReasonSchema });
export type ConsoleJobActionBody = z.input<typeof consoleJobActionBodySchema>;

// ——— Derive ———

/** `POST derive/run`: queues the derive of one keyword library (TSO: a country, US when absent). */
export const consoleDeriveBodySchema = z.object({
  platform: platformSchema,
  country: countryCodeSchema.optional(),
  reason: consoleReasonSchema,
});
export type ConsoleDeriveBody = z.input<typeof consoleDeriveBodySchema>;

/** `GET derive/runs`: the latest 20 derive jobs, newest first. */
export const consoleDeriveRunsSchema = z.array(consoleJobSchema);

/** What `derive/run` answers: the queued job, and the audit entry written. */
export const consoleDeriveResultSchema = z.object({ id: z.number().int(), audit_id: z.number().int() });
export type ConsoleDeriveResult = z.infer<typeof consoleDeriveResultSchema>;

// ——— Collection (docs/collection.md) ———

/** A run's state: in hand, done, failed (the vendor's reason kept), nothing to do, or stopped by the daily budget. */
export const consoleCollectionRunStatuses = ['running', 'succeeded', 'failed', 'empty', 'skipped_budget'] as const;
export const consoleCollectionRunSchema = z.object({
  id: z.number().int(),
  /** The cron's due instant in Shanghai time (`2026-11-29T04:30+08`), or `manual@…`. */
  window: z.string(),
  trigger: z.enum(['schedule', 'catch_up', 'manual']),
  status: z.enum(consoleCollectionRunStatuses),
  start_time: unixSecondsSchema,
  finish_time: unixSecondsSchema.nullable(),
  rows_added: z.number().int(),
  rows_updated: z.number().int(),
  rows_unchanged: z.number().int(),
  calls_made: z.number().int(),
  failures: z.number().int(),
  /** The vendor's reason for the first failure, or the budget's. */
  error: z.string().nullable(),
  staff_name: z.string().nullable(),
});
export type ConsoleCollectionRun = z.infer<typeof consoleCollectionRunSchema>;

/** `GET collection`: each collection's source, schedule, next run and latest runs, with its source's calls today. */
export const consoleCollectionSchema = z.object({
  name: z.string(),
  label: z.string(),
  source: z.string(),
  /** The source's provider as configured (`sandbox`, `tikhub`, …). */
  provider: z.string(),
  /** The cron (Asia/Shanghai), or null when the schedule is off. */
  cron: z.string().nullable(),
  next_run_time: unixSecondsSchema.nullable(),
  calls_today: z.number().int(),
  daily_calls: z.number().int(),
  calls_per_second: z.number(),
  /**
   * The keyword library the collection feeds (its words join it), or null for the videos' collections. A library no
   * collection names has no source: the console says 暂无数据源 (docs/collection.md, "Libraries and their sources").
   */
  library: platformSchema.nullable(),
  runs: z.array(consoleCollectionRunSchema),
});
export type ConsoleCollection = z.infer<typeof consoleCollectionSchema>;
export const consoleCollectionListSchema = z.array(consoleCollectionSchema);

/** `POST collection/run` (立即运行): queues a run of one collection now. */
export const consoleCollectionRunBodySchema = z.object({
  collection: z.string({ error: m.collectionInvalid }).min(1, m.collectionInvalid).max(64, m.collectionInvalid),
  reason: consoleReasonSchema,
});
export type ConsoleCollectionRunBody = z.input<typeof consoleCollectionRunBodySchema>;

/** What `collection/run` answers: the queued job, its window, and the audit entry written. */
export const consoleCollectionRunResultSchema = z.object({
  id: z.number().int(),
  window: z.string(),
  audit_id: z.number().int(),
});
export type ConsoleCollectionRunResult = z.infer<typeof consoleCollectionRunResultSchema>;

/** Paths of this page's calls. */
export const ConsoleDataPath = {
  /** POST multipart (file, reason, format?): queues a keyword import; answers its report, queued. */
  importKeywords: '/api/console/data/import/keywords',
  /** POST multipart (file, kind, reason, format?): queues a video-data import of one kind. */
  importVideos: '/api/console/data/import/videos',
  importReport: '/api/console/data/import/report',
  imports: '/api/console/data/import/list',
  deriveRun: '/api/console/data/derive/run',
  deriveRuns: '/api/console/data/derive/runs',
  jobSummary: '/api/console/data/jobs/summary',
  jobs: '/api/console/data/jobs',
  jobRetry: '/api/console/data/jobs/retry',
  jobDiscard: '/api/console/data/jobs/discard',
  collections: '/api/console/data/collection',
  collectionRun: '/api/console/data/collection/run',
} as const;

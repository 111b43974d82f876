import { z } from 'zod';
import { missingRecordIdSchema, pagedListSchema, pageFields, pageSizeUpTo, requiredTextSchema } from './shapes';
import { platformIdSchema } from './videos';

/**
 * 视频文案提取 (002 §4, §5, §7, §9): a video's spoken script, one at a time or in a batch job,
 * and the user's extraction history. Every answered extraction takes one unit of
 * AI_WRITING_BATCH_EXTRACTION (buy-count type 9). docs/extraction.md.
 */

export const ExtractionPath = {
  /** POST { link }: a share link, a video address or an aweme id of a library video. Login. Answers the transcript. */
  extract: '/api/extraction/extract',
  /** POST multipart { aweme_ids (joined by {@link EXTRACTION_ID_SEPARATOR}), flag }. Login. Queues a batch job. */
  batch: '/api/extraction/batch',
  /** GET ?page_no&page_size&batch_id?. Login. The user's extractions, newest first. */
  list: '/api/extraction/list',
  /** GET ?id. Login. One extraction with its transcript and segments. */
  detail: '/api/extraction/detail',
  /** POST { id }. Login. Deletes one extraction from the history. */
  remove: '/api/extraction/delete',
} as const;

/** The permission whose count every answered extraction takes (002 §5). */
export const EXTRACTION_ALIAS = 'AI_WRITING_BATCH_EXTRACTION';
/** The buy-times dialog type of extraction counts (002 §5). */
export const EXTRACTION_BUY_TYPE = 9;
/** Joins the selected aweme ids of a batch (002 §7: a fixed separator). */
export const EXTRACTION_ID_SEPARATOR = ',';

export const extractionLimits = {
  /** A video longer than this is refused (002 §9: a video extraction limit is 20 minutes). */
  maxDurationMinutes: 20,
  maxDurationMs: 20 * 60 * 1000,
  /** The general max extract count (001 §9, 002 §9): a batch never holds more. */
  batchMax: 100,
  linkMax: 2_000,
  pageSizeMax: 50,
  /** The batch warning's and the over-selection warning's seconds on screen (002 §4, §5). */
  submittedSeconds: 3,
  tooManySeconds: 2,
} as const;

export const extractionMessages = {
  /** After a batch is submitted (3 s). */
  submitted: '文案正在提取中，请稍后到提取历史中查看',
  /** Over the selectable maximum (2 s); the selection is cut back. */
  tooMany: (n: number) => `最多只能批量提取${n}个视频`,
  emptySelection: '至少选择一条数据',
  /** A batch call that is not a form of ids (a file, too many or too long fields). */
  batchFormInvalid: '提交的数据格式有误，请重新选择视频',
  linkEmpty: '请输入抖音视频链接',
  linkTooLong: '链接过长，请检查后重试',
  /** A link or id that resolves to no video of the library. */
  videoUnknown: '未找到该视频，请检查链接是否正确',
  videoGone: '视频已删除或隐藏',
  /** Over {@link extractionLimits.maxDurationMinutes}. */
  tooLong: `视频时长超过${extractionLimits.maxDurationMinutes}分钟，暂不支持提取`,
  /** An image-text post (duration 0): nothing is spoken. */
  imageText: '图文作品没有语音，无法提取文案',
  /** The video has no speech the service could reach (no play address, no audio). */
  noSpeech: '未能获取视频语音，无法提取文案',
  /** The speech service could not be reached or refused us (nothing was charged). */
  unavailable: '文案提取服务暂时不可用，请稍后重试',
  /** The speech service asked us to slow down (nothing was charged). */
  busy: '文案提取服务繁忙，请稍后重试',
  /** A batch item whose count ran out before its turn (nothing was charged). */
  quotaSpent: '提取次数已用完，未能提取',
  extractionMissing: '提取记录不存在或已删除',
  removed: '删除成功',
  pageSizeTooLarge: `每页最多${extractionLimits.pageSizeMax}条`,
  /** A batch item waiting for its turn. */
  pending: '提取中',
} as const;

export const extractBodySchema = z.object({
  link: requiredTextSchema(extractionMessages.linkEmpty).max(extractionLimits.linkMax, extractionMessages.linkTooLong),
});
export type ExtractBody = z.infer<typeof extractBodySchema>;

/**
 * The batch form's fields once read: the ids, split and de-duplicated, 1 to {@link extractionLimits.batchMax}.
 * `flag` is the spec's flag (002 §7); kept for the client's shape, it changes nothing here.
 */
export const extractionBatchFormSchema = z.object({
  aweme_ids: z
    .string({ message: extractionMessages.emptySelection })
    .transform((joined) => [
      ...new Set(
        joined
          .split(EXTRACTION_ID_SEPARATOR)
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(platformIdSchema)
        .min(1, extractionMessages.emptySelection)
        .max(extractionLimits.batchMax, extractionMessages.tooMany(extractionLimits.batchMax)),
    ),
  flag: z.string().max(32).optional(),
});
export type ExtractionBatchForm = z.infer<typeof extractionBatchFormSchema>;

export const extractionStatusSchema = z.enum(['pending', 'done', 'failed']);
export type ExtractionStatus = z.infer<typeof extractionStatusSchema>;

export const transcriptSegmentSchema = z.object({
  /** Seconds from the start. */
  start: z.number(),
  end: z.number(),
  text: z.string(),
});
export type TranscriptSegment = z.infer<typeof transcriptSegmentSchema>;

/** A history row (the list): the transcript's first characters only. */
export const extractionSummarySchema = z.object({
  id: z.number().int(),
  aweme_id: z.string(),
  video_desc: z.string(),
  share_url: z.string(),
  /** Milliseconds. */
  duration: z.number().int(),
  /** Null for a single extraction. */
  batch_id: z.string().nullable(),
  status: extractionStatusSchema,
  excerpt: z.string(),
  /** The Chinese reason of a failed extraction. */
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ExtractionSummary = z.infer<typeof extractionSummarySchema>;

export const extractionSchema = extractionSummarySchema.extend({
  text: z.string().nullable(),
  segments: z.array(transcriptSegmentSchema),
});
export type Extraction = z.infer<typeof extractionSchema>;

export const extractionBatchResultSchema = z.object({
  batch_id: z.string(),
  /** Videos queued. */
  count: z.number().int(),
});
export type ExtractionBatchResult = z.infer<typeof extractionBatchResultSchema>;

export const extractionListQuerySchema = z.object({
  ...pageFields(pageSizeUpTo(extractionLimits.pageSizeMax, 10, extractionMessages.pageSizeTooLarge)),
  batch_id: z.string().max(64).optional(),
});
export type ExtractionListQuery = z.infer<typeof extractionListQuerySchema>;

export const extractionListSchema = pagedListSchema(extractionSummarySchema);
export type ExtractionList = z.infer<typeof extractionListSchema>;

export const extractionIdSchema = missingRecordIdSchema(extractionMessages.extractionMissing);
export type ExtractionId = z.infer<typeof extractionIdSchema>;

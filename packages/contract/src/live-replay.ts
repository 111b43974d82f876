import { z } from 'zod';
import { transcriptSegmentSchema } from './extraction';
import { missingRecordIdSchema, pagedListSchema, pageFields, pageSizeUpTo, requiredTextSchema } from './shapes';

/**
 * AI 直播复盘 (/AiLiveReplay, /AiLiveReplayHistory, /liveReplay/{liveId}): a live session
 * of the library or an uploaded recording → its transcript → a report written by the model (timeline,
 * product mentions, peaks against the online curve, what to keep and what to change). The work runs
 * as a job; the page asks for its progress. A finished report takes one unit of AI_WRITING_COUNT_DAY;
 * a failed one takes nothing. docs/live-replay.md.
 */

export const LiveReplayPath = {
  /** GET. Login. What the start page needs: whether speech is the sandbox, the upload's limits. */
  options: '/api/ai/live-replay/options',
  /** POST { room_id }. Login. Starts a replay of an ended live session of the library. */
  session: '/api/ai/live-replay/session',
  /** POST multipart { file, title?, goods? }. Login. Starts a replay of an uploaded recording. */
  upload: '/api/ai/live-replay/upload',
  /** GET ?page_no&page_size. Login. The user's replays, newest first. */
  list: '/api/ai/live-replay/list',
  /** GET ?id. Login. One replay: progress, and once done the report, the curve and the transcript. */
  detail: '/api/ai/live-replay/detail',
  /** POST { id }. Login. Deletes a replay (a running one stops being shown; its job finds nothing). */
  remove: '/api/ai/live-replay/delete',
} as const;

/** The daily count a finished report takes. */
export const LIVE_REPLAY_ALIAS = 'AI_WRITING_COUNT_DAY';

const MiB = 1024 * 1024;

export const liveReplayLimits = {
  /** The largest recording accepted (an hour of 720p video, or many hours of audio). */
  uploadMaxBytes: 1024 * MiB,
  uploadMaxLabel: '1G',
  /** The longest recording analysed. */
  maxDurationMinutes: 360,
  /** File endings the upload takes. */
  extensions: ['mp4', 'mov', 'm4v', 'webm', 'mkv', 'flv', 'mp3', 'm4a', 'aac', 'wav', 'ogg', 'flac'],
  titleMax: 60,
  /** Goods names typed for an upload, joined by commas or new lines. */
  goodsTextMax: 600,
  goodsMax: 30,
  pageSizeMax: 50,
  /** How often the page asks about a replay in progress. */
  pollMs: 2_000,
} as const;

export const liveReplayMessages = {
  roomRequired: '请选择要复盘的直播',
  sessionMissing: '直播不存在',
  /** A session still on air: there is nothing whole to review yet. */
  sessionLive: '直播尚未结束，请在下播后再复盘',
  sessionEmpty: '该场直播没有在线数据，无法复盘',
  fileRequired: '请选择直播录像或录音文件',
  fileType: `仅支持 ${liveReplayLimits.extensions.join('、')} 格式的音视频文件`,
  fileTooLarge: `上传文件大小不能超过 ${liveReplayLimits.uploadMaxLabel}!`,
  fileNotMedia: '文件不是可识别的音视频，请检查后重新上传',
  tooLong: `录像时长超过${liveReplayLimits.maxDurationMinutes / 60}小时，请剪辑后再上传`,
  formInvalid: '提交的数据格式有误，请重新上传',
  titleTooLong: `标题最多${liveReplayLimits.titleMax}个字`,
  goodsTooLong: `商品名称最多${liveReplayLimits.goodsTextMax}个字`,
  /** The sandbox cannot hear a recording; sessions of the library still work. */
  sandboxUpload: '当前为沙箱语音识别，无法识别上传的录音；请选择直播场次复盘，或由管理员配置语音识别服务',
  /** A session without a recording the speech service can reach. */
  noSpeech: '未能获取直播语音，无法复盘',
  speechUnavailable: '语音识别服务暂时不可用，请稍后重试',
  unreadable: 'AI 复盘结果无法识别，请重试',
  /** The last attempt ended on something unexpected (logged); nothing was charged. */
  failed: '复盘失败，请稍后重试',
  replayMissing: '复盘记录不存在或已删除',
  started: '已开始复盘，请稍候',
  removed: '删除成功',
  pageSizeTooLarge: `每页最多${liveReplayLimits.pageSizeMax}条`,
} as const;

export const liveReplaySourceSchema = z.enum(['session', 'upload']);
export type LiveReplaySource = z.infer<typeof liveReplaySourceSchema>;

/** queued → running → done | failed. */
export const liveReplayStatusSchema = z.enum(['queued', 'running', 'done', 'failed']);
export type LiveReplayStatus = z.infer<typeof liveReplayStatusSchema>;

/** What a running replay is doing. */
export const liveReplayStageSchema = z.enum(['queued', 'transcribing', 'analysing', 'done']);
export type LiveReplayStage = z.infer<typeof liveReplayStageSchema>;

export const liveReplayStageLabels: Record<LiveReplayStage, string> = {
  queued: '排队中',
  transcribing: '语音转写中',
  analysing: 'AI 分析中',
  done: '已完成',
};

export const liveReplaySessionBodySchema = z.object({
  room_id: requiredTextSchema(liveReplayMessages.roomRequired)
    .max(128, liveReplayMessages.sessionMissing)
    .regex(/^[0-9A-Za-z_-]+$/, liveReplayMessages.sessionMissing),
});
export type LiveReplaySessionBody = z.infer<typeof liveReplaySessionBodySchema>;

/** The upload form's text fields once read. */
export const liveReplayUploadFieldsSchema = z.object({
  title: z.string().trim().max(liveReplayLimits.titleMax, liveReplayMessages.titleTooLong).default(''),
  goods: z
    .string()
    .max(liveReplayLimits.goodsTextMax, liveReplayMessages.goodsTooLong)
    .default('')
    .transform((text) =>
      [
        ...new Set(
          text
            .split(/[,，、\n]/)
            .map((name) => name.trim())
            .filter(Boolean),
        ),
      ].slice(0, liveReplayLimits.goodsMax),
    ),
});
export type LiveReplayUploadFields = z.infer<typeof liveReplayUploadFieldsSchema>;

export const liveReplayOptionsSchema = z.object({
  /** Speech is the sandbox: uploads cannot be transcribed (the page says so and offers sessions). */
  speech_sandbox: z.boolean(),
  upload_max_bytes: z.number().int(),
  extensions: z.array(z.string()),
  max_duration_minutes: z.number().int(),
});
export type LiveReplayOptions = z.infer<typeof liveReplayOptionsSchema>;

/** A history row. */
export const liveReplaySummarySchema = z.object({
  id: z.number().int(),
  source: liveReplaySourceSchema,
  /** The session's room id (null for an upload). */
  room_id: z.string().nullable(),
  title: z.string(),
  status: liveReplayStatusSchema,
  stage: liveReplayStageSchema,
  /** 0–100. */
  progress: z.number().int(),
  /** The Chinese reason of a failed replay. */
  error: z.string().nullable(),
  /** Seconds of speech reviewed (0 until transcribed). */
  duration: z.number().int(),
  /** The report was written by the sandbox, not a model. */
  sandbox: z.boolean(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type LiveReplaySummary = z.infer<typeof liveReplaySummarySchema>;

/** A stretch of the live with what happened in it. Seconds from the start. */
export const liveReplaySegmentSchema = z.object({
  start: z.number(),
  end: z.number(),
  title: z.string(),
  summary: z.string(),
});

/** A product and when the host talked about it. */
export const liveReplayMentionSchema = z.object({
  title: z.string(),
  /** Price in fen (null for an upload's typed goods). */
  price: z.number().int().nullable(),
  count: z.number().int(),
  /** Seconds from the start of each mention. */
  moments: z.array(z.number()),
});

/** A rise of the online count, and what was being said then. */
export const liveReplayPeakSchema = z.object({
  minute: z.number().int(),
  online: z.number().int(),
  /** Viewers gained over the minutes before it. */
  rise: z.number().int(),
  said: z.string(),
});

export const liveReplayReportSchema = z.object({
  overview: z.string(),
  segments: z.array(liveReplaySegmentSchema),
  mentions: z.array(liveReplayMentionSchema),
  peaks: z.array(liveReplayPeakSchema),
  keep: z.array(z.string()),
  change: z.array(z.string()),
});
export type LiveReplayReport = z.infer<typeof liveReplayReportSchema>;

export const liveReplaySchema = liveReplaySummarySchema.extend({
  report: liveReplayReportSchema.nullable(),
  /** The session's online count per minute (empty for an upload). */
  curve: z.array(z.object({ minute: z.number().int(), online: z.number().int() })),
  transcript: z.array(transcriptSegmentSchema),
});
export type LiveReplay = z.infer<typeof liveReplaySchema>;

export const liveReplayListQuerySchema = z.object(
  pageFields(pageSizeUpTo(liveReplayLimits.pageSizeMax, 10, liveReplayMessages.pageSizeTooLarge)),
);
export type LiveReplayListQuery = z.infer<typeof liveReplayListQuerySchema>;

export const liveReplayListSchema = pagedListSchema(liveReplaySummarySchema);
export type LiveReplayList = z.infer<typeof liveReplayListSchema>;

export const liveReplayIdSchema = missingRecordIdSchema(liveReplayMessages.replayMissing);
export type LiveReplayId = z.infer<typeof liveReplayIdSchema>;

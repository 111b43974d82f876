import { z } from 'zod';
import { AI_ATTEMPT_MAX } from './ai-stream';
import { int32Schema } from './input';
import { requiredKeywordSchema } from './keywords';
import {
  recordIdParamsSchema,
  savedWorkContentSchema,
  savedWorkFields,
  savedWorkLimits,
  savedWorkListQuerySchema,
  savedWorkMessages,
  savedWorkSummarySchema,
  savedWorkTitleSchema,
  totalListSchema,
} from './shapes';

/**
 * AI 文案 (/copyWriters): a short-video script for a keyword, written from that keyword's top
 * videos in the video library (titles and most liked comments) and its related words in the keyword
 * library, citing them; and the user's saved scripts (历史文案). docs/copywriters.md.
 */

export const copywriterLimits = {
  /** Top videos of the keyword handed to the model as material. */
  videos: 5,
  /** Most liked comments of each of those videos. */
  commentsPerVideo: 3,
  /** Characters of one comment handed to the model. */
  commentChars: 60,
  /** Related words of the keyword library handed to the model. */
  words: 8,
  ...savedWorkLimits,
  attemptMax: AI_ATTEMPT_MAX,
} as const;

export const copywriterMessages = {
  /** Neither library has anything about the keyword: a script would not be grounded in anything. */
  noMaterial: (keyword: string) => `暂未找到「${keyword}」的相关视频和关键词，换个关键词试试`,
  workMissing: '文案不存在或已删除',
  ...savedWorkMessages,
} as const;

/** A video the script drew on: `视频N` in the text is the N-th of the list. */
export const copywriterVideoSourceSchema = z.object({
  aweme_id: z.string().max(64),
  title: z.string().max(500),
  good_count: z.number().int().min(0),
  /** The most liked comments handed to the model. */
  comments: z.array(z.string().max(200)).max(copywriterLimits.commentsPerVideo),
});
export type CopywriterVideoSource = z.infer<typeof copywriterVideoSourceSchema>;

/** The material of a script: the keyword's top videos and its related words (DSO library). */
export const copywriterSourcesSchema = z.object({
  videos: z.array(copywriterVideoSourceSchema).max(copywriterLimits.videos),
  words: z.array(z.string().max(64)).max(copywriterLimits.words),
});
export type CopywriterSources = z.infer<typeof copywriterSourcesSchema>;

export const copywriterGenerateBodySchema = z.object({
  keyword: requiredKeywordSchema,
  /**
   * 0 for a first script (AI_WRITING_COUNT_DAY); 1 and up for regenerations of it
   * (AI_REWRITING_COUNT_DAY), as AI 创作 charges.
   */
  attempt: z.number().int().min(0).max(copywriterLimits.attemptMax).default(0),
});
export type CopywriterGenerateBody = z.infer<typeof copywriterGenerateBodySchema>;

/** The `start` event of a generation (AiStreamEvent): the sandbox flag and the material cited. */
export const copywriterStartSchema = z.object({ sandbox: z.boolean(), sources: copywriterSourcesSchema });
export type CopywriterStart = z.infer<typeof copywriterStartSchema>;

export const copywriterWorkSaveBodySchema = z.object({
  /** Present when updating a saved script; absent to save a new one. */
  id: int32Schema().min(1).optional(),
  keyword: requiredKeywordSchema,
  title: savedWorkTitleSchema,
  content: savedWorkContentSchema,
  sources: copywriterSourcesSchema.default({ videos: [], words: [] }),
  sandbox: z.boolean().default(false),
});
export type CopywriterWorkSaveBody = z.infer<typeof copywriterWorkSaveBodySchema>;

export const copywriterWorkSchema = z.object({
  id: z.number().int(),
  keyword: z.string(),
  title: z.string(),
  content: z.string(),
  sources: copywriterSourcesSchema,
  ...savedWorkFields,
});
export type CopywriterWork = z.infer<typeof copywriterWorkSchema>;

export const copywriterWorkListQuerySchema = savedWorkListQuerySchema;
export type CopywriterWorkListQuery = z.infer<typeof copywriterWorkListQuerySchema>;

export const copywriterWorkSummarySchema = savedWorkSummarySchema(copywriterWorkSchema, {
  content: true,
  sources: true,
});
export type CopywriterWorkSummary = z.infer<typeof copywriterWorkSummarySchema>;

export const copywriterWorkListSchema = totalListSchema(copywriterWorkSummarySchema);
export type CopywriterWorkList = z.infer<typeof copywriterWorkListSchema>;

export const copywriterWorkIdParamsSchema = recordIdParamsSchema(copywriterMessages.workMissing);

export const CopywriterPath = {
  generate: '/api/ai/copywriters/generate',
  works: '/api/ai/copywriters/works',
  work: '/api/ai/copywriters/works/:id',
  /** The path of one saved script. */
  workOf: (id: number) => `/api/ai/copywriters/works/${id}`,
} as const;

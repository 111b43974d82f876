import { z } from 'zod';
import { AI_ATTEMPT_MAX } from './ai-stream';
import { keywordRowSchema, keywordTextSchema } from './keywords';

/**
 * AI 选词 (/keyWordSeo): the model picks and explains the high-value words among the DSO
 * library's blue-ocean candidates for a core word. The candidates travel in the `start` event with
 * their figures exactly as the library shows them to this user (banded unless show_original_data);
 * the streamed text names each pick as 「word」 followed by the reason (`pickedWords` in @dso/domain
 * reads it). docs/copywriters.md, "AI 选词".
 */

export const keywordPickLimits = {
  /** Blue-ocean candidates handed to the model, most searched first. */
  candidates: 20,
  /** Words the model is asked to pick. */
  picks: 5,
  attemptMax: AI_ATTEMPT_MAX,
} as const;

export const keywordPickMessages = {
  /** AI 选词 starts from the word the user typed: without one it would pick unrelated words. */
  keywordRequired: '请先输入核心词，AI 从它的蓝海词中挑选',
  /** The library holds no blue-ocean word for the core word. */
  noCandidates: (keyword: string) => `暂未找到「${keyword}」相关的蓝海词，换个核心词试试`,
} as const;

export const keywordPickBodySchema = z.object({
  /** The core word the candidates contain; empty is refused (keywordRequired) before any model call. */
  keyword: keywordTextSchema.default(''),
  /** 0 for a first pick (AI_WRITING_COUNT_DAY); 1 and up for picking again (AI_REWRITING_COUNT_DAY). */
  attempt: z.number().int().min(0).max(keywordPickLimits.attemptMax).default(0),
});
export type KeywordPickBody = z.infer<typeof keywordPickBodySchema>;

/** The `start` event (AiStreamEvent): the sandbox flag and the candidates as the library shows them. */
export const keywordPickStartSchema = z.object({ sandbox: z.boolean(), candidates: z.array(keywordRowSchema) });
export type KeywordPickStart = z.infer<typeof keywordPickStartSchema>;

export const KeywordPickPath = {
  pick: '/api/ai/keyword-picks',
} as const;

/**
 * What every streamed AI call shares (AI 创作, AI 文案, AI 选词): the Server-Sent Event names
 * and the messages of a model that did not answer. Refusals before the first piece (validation, login,
 * quota, a model that cannot answer) are ordinary JSON envelopes; after it the answer is an event stream.
 */

export const AiStreamEvent = {
  /** The model answered: `{ sandbox }` and what the feature adds (its sources, its candidates). */
  start: 'start',
  /** `{ text }`: the next piece. */
  delta: 'delta',
  /** `{ sandbox }`: the text is complete and was charged. */
  done: 'done',
  /** `{ code, msg }`: the model stopped mid-text; nothing was charged. */
  error: 'error',
} as const;

export const aiModelMessages = {
  /** The model could not be reached or refused us (nothing was charged). */
  modelUnavailable: 'AI 服务暂时不可用，请稍后重试',
  /** The model asked us to slow down (nothing was charged). */
  modelBusy: 'AI 服务繁忙，请稍后重试',
  /** The model stopped in the middle of a text (nothing was charged). */
  modelInterrupted: 'AI 生成中断，请重新生成',
} as const;

/** Regenerations of one text a request may count (the sandbox's phrasing variant). */
export const AI_ATTEMPT_MAX = 1_000;

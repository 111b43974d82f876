import type { z } from 'zod';
import type { LlmChatRequest, LlmProvider } from '../providers/llm/index';

/**
 * AI tools that need a structured answer rather than a text to show (关键词思维导图's groups, AI 直播复盘's
 * report): ask the model for JSON, read the whole answer and check its shape.
 */

/** The model answered, but not with JSON of the asked shape. */
export class UnreadableAnswerError extends Error {
  constructor(readonly answer: string) {
    super('the model did not answer with JSON of the asked shape');
    this.name = 'UnreadableAnswerError';
  }
}

/**
 * The JSON object in a model's answer: the answer itself, or the part inside a ```json fence, or from
 * its first `{` to its last `}` (models like to add a sentence around it). Null when none parses.
 */
export function jsonOfAnswer(answer: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(answer)?.[1];
  const candidates = [answer, fenced, answer.slice(answer.indexOf('{'), answer.lastIndexOf('}') + 1)];
  for (const candidate of candidates) {
    if (!candidate?.trim()) continue;
    try {
      return JSON.parse(candidate.trim());
    } catch {
      // the next form
    }
  }
  return null;
}

/**
 * Asks the model and reads its whole answer as `schema`. An LlmError (unreachable, refused, stopped)
 * propagates; an answer that is not the asked JSON throws {@link UnreadableAnswerError}.
 */
export async function askJson<T extends z.ZodType>(
  llm: LlmProvider,
  request: LlmChatRequest,
  schema: T,
): Promise<z.infer<T>> {
  let answer = '';
  for await (const piece of llm.streamChat(request)) answer += piece;
  const parsed = schema.safeParse(jsonOfAnswer(answer));
  if (!parsed.success) throw new UnreadableAnswerError(answer.slice(0, 2_000));
  return parsed.data;
}

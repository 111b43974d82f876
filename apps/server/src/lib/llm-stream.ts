import { PassThrough } from 'node:stream';
import { AiStreamEvent, aiModelMessages, Code } from '@dso/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type LlmChatRequest, LlmError, type LlmProvider } from '../providers/llm/index';
import { AppError } from './app-error';

/**
 * What every streamed AI call does the same way (AI 创作, AI 文案, AI 选词; docs/writing.md): wait for
 * the model's first piece before answering, stream the rest as Server-Sent Events, stop the model when
 * the browser goes away, and hold a unit of the quota for the call: taken before the model is asked
 * (so concurrent calls past the quota are refused, not served), settled once the text is complete or
 * stopped after it began, given back when the model fails or the browser leaves before any text.
 */

/** A first text spends this daily count; a regeneration of it the other (001 §6). */
export const WRITING_ALIAS = 'AI_WRITING_COUNT_DAY';
export const REWRITING_ALIAS = 'AI_REWRITING_COUNT_DAY';

/** The daily count an AI text spends: its first generation, or a regeneration (`attempt` ≥ 1). */
export function aiCharge(userId: number, attempt: number, reason: string) {
  return { userId, alias: attempt > 0 ? REWRITING_ALIAS : WRITING_ALIAS, reason };
}

/** The Chinese message for a model failure (nothing is charged for it). */
export function modelFailureMessage(error: unknown): string {
  if (error instanceof LlmError && error.reason === 'rate_limited') return aiModelMessages.modelBusy;
  return aiModelMessages.modelUnavailable;
}

/**
 * What a call holds of the user's quota (the permissions feature's reservation, or a work that holds
 * one): kept when the call is answered, given back when it is not. Both are idempotent.
 */
export interface UnitsHold {
  settle(): Promise<unknown>;
  giveBack(): Promise<unknown>;
}

/** A call that has its first piece: the model answered. */
export interface LlmRun {
  /** Written by the sandbox (the page labels it). */
  sandbox: boolean;
  first: string;
  /** The remaining pieces; rejects with an LlmError when the model stops mid-text or is stopped. */
  rest: AsyncIterator<string>;
  /** The units the call holds; {@link sendLlmRun} settles or gives them back as the stream ends. */
  hold: UnitsHold;
}

/**
 * Takes the call's units (`reserve`: refuses with 810 when they are not there, before the model is
 * asked), asks the model and waits for its first piece. A model that cannot answer (or answers
 * nothing), or a browser that leaves before the first piece, gives the units back; the model's
 * failure is a 300 with the reason in Chinese.
 */
export async function startLlmRun(
  llm: LlmProvider,
  request: LlmChatRequest,
  reserve: () => Promise<UnitsHold>,
): Promise<LlmRun> {
  const hold = await reserve();
  let first: IteratorResult<string>;
  let iterator: AsyncIterator<string>;
  try {
    iterator = llm.streamChat(request)[Symbol.asyncIterator]();
    // A model may send empty pieces first; the call is answered at its first text.
    do first = await iterator.next();
    while (!first.done && !first.value);
  } catch (error) {
    await hold.giveBack();
    throw new AppError(Code.TOAST, modelFailureMessage(error));
  }
  if (first.done) {
    await hold.giveBack();
    throw new AppError(Code.TOAST, aiModelMessages.modelUnavailable);
  }
  return { sandbox: llm.isSandbox, first: first.value, rest: iterator, hold };
}

/** A signal that fires when the browser goes away before the answer is complete. */
export function closedSignal(reply: FastifyReply): AbortSignal {
  const stop = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) stop.abort();
  });
  return stop.signal;
}

/** One Server-Sent Event. */
const sseEvent = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Answers with the run as an event stream: `start` (the sandbox flag and `startData`), a `delta` per
 * piece, and `done` (the units settled) or `error` (the model stopped; the units given back). A text
 * stopped by the user after it began is settled, as the model answered.
 */
export function sendLlmRun(
  request: FastifyRequest,
  reply: FastifyReply,
  run: LlmRun,
  startData: Record<string, unknown> = {},
): FastifyReply {
  const out = new PassThrough();
  const settle = () =>
    run.hold.settle().catch((error: unknown) => {
      request.log.error({ err: error }, 'ai stream: the units held for an answered call could not be settled');
    });
  const giveBack = () =>
    run.hold.giveBack().catch((error: unknown) => {
      request.log.error({ err: error }, 'ai stream: the units held for a failed call could not be given back');
    });
  const pump = async () => {
    out.write(sseEvent(AiStreamEvent.start, { sandbox: run.sandbox, ...startData }));
    out.write(sseEvent(AiStreamEvent.delta, { text: run.first }));
    try {
      for (;;) {
        const next = await run.rest.next();
        if (next.done) break;
        if (next.value) out.write(sseEvent(AiStreamEvent.delta, { text: next.value }));
      }
      await settle();
      out.end(sseEvent(AiStreamEvent.done, { sandbox: run.sandbox }));
    } catch (error) {
      if (error instanceof LlmError && error.reason === 'aborted') {
        await settle();
        out.end();
        return;
      }
      request.log.warn({ err: error }, 'ai stream: the model stopped mid-text');
      await giveBack();
      const msg =
        error instanceof LlmError && error.reason === 'rate_limited'
          ? modelFailureMessage(error)
          : aiModelMessages.modelInterrupted;
      out.end(sseEvent(AiStreamEvent.error, { code: Code.TOAST, msg }));
    }
  };
  void pump();
  reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    // Proxies (nginx) would otherwise hold the pieces back until the end.
    .header('x-accel-buffering', 'no');
  return reply.send(out);
}

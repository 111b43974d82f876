import { expect } from 'vitest';
import { type LlmChatRequest, LlmError, type LlmProvider } from '../providers/llm/index';
import { createSandboxLlm } from '../providers/llm/sandbox';

/** The events of a streamed AI answer (lib/llm-stream), in order. */
export function eventsOf(payload: string): Array<{ event: string; data: Record<string, unknown> }> {
  return payload
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.+)$/m.exec(block)?.[1] ?? '{}';
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });
}

/** The text of a streamed AI answer: its pieces joined. */
export const textOf = (payload: string) =>
  eventsOf(payload)
    .filter((event) => event.event === 'delta')
    .map((event) => event.data.text)
    .join('');

/**
 * A streamed AI answer read as the client reads it: the response must be an event stream that opens with its
 * start event. Answers its events, the start event's data and the text.
 */
export function streamedAnswer<Start = Record<string, unknown>>(response: { headers: object; body: string }) {
  expect((response.headers as Record<string, unknown>)['content-type']).toContain('text/event-stream');
  const events = eventsOf(response.body);
  expect(events[0]?.event).toBe('start');
  return { events, start: events[0]!.data as Start, text: textOf(response.body) };
}

/** How the steered model answers the next calls. */
export type SteeredMode = 'ok' | 'fail-first' | 'fail-mid' | 'busy' | 'endless';

/**
 * A model a route test steers: by default the sandbox (no delay between pieces); with `useSandbox`
 * false, a model that answers 第一段。第二段。 (or the whole `answer` when one is set), fails before or
 * after its first piece, is busy, or streams until stopped. Records what it was asked, either way.
 */
export function steeredLlm() {
  const state = {
    useSandbox: true,
    mode: 'ok' as SteeredMode,
    /** What the model answers in one piece instead of 第一段。第二段。, when set. */
    answer: null as string | null,
    /** Calls whose signal fired. */
    aborted: 0,
    requests: [] as LlmChatRequest[],
    reset() {
      state.useSandbox = true;
      state.mode = 'ok';
      state.answer = null;
      state.aborted = 0;
      state.requests.length = 0;
    },
  };
  const sandbox = createSandboxLlm({ pieceDelayMs: 0 });
  const steered: LlmProvider = {
    name: 'steered',
    isSandbox: false,
    async *streamChat(request) {
      if (state.mode === 'fail-first') throw new LlmError('unavailable', 'down');
      if (state.mode === 'busy') throw new LlmError('rate_limited', '429');
      if (state.answer !== null) {
        yield state.answer;
        return;
      }
      yield '第一段。';
      if (state.mode === 'endless') {
        // Pieces until the caller stops it, as a long text would.
        for (;;) {
          if (request.signal?.aborted) {
            state.aborted++;
            throw new LlmError('aborted', 'stopped');
          }
          yield '又一段。';
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
      if (state.mode === 'fail-mid') throw new LlmError('unavailable', 'cut');
      yield '第二段。';
    },
  };
  const provider: LlmProvider = {
    get name() {
      return state.useSandbox ? sandbox.name : steered.name;
    },
    get isSandbox() {
      return state.useSandbox;
    },
    streamChat: (request) => {
      state.requests.push(request);
      return (state.useSandbox ? sandbox : steered).streamChat(request);
    },
  };
  return { state, provider };
}

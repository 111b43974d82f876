import { sseData } from '../../lib/sse-data';
import { type OpenAiEndpointCall, openAiEndpoint } from '../openai-endpoint';
import { openAiErrorDetail, openAiStatusReason, withRetryAfter } from '../openai-errors';
import { type LlmChatRequest, LlmError, type LlmErrorReason, type LlmProvider } from './index';

/** Settings of an OpenAI-compatible chat completions API (docs/providers.md lists vendors' base URLs). */
export interface OpenAiCompatibleOptions {
  /** Up to and including the version, e.g. `https://api.deepseek.com/v1`; `/chat/completions` is appended. */
  baseUrl: string;
  apiKey: string;
  model: string;
  /**
   * Sends `stream_options: { include_usage: true }`. OpenAI, DeepSeek, Qwen and Doubao accept it; some
   * gateways refuse unknown fields, so it is off unless configured.
   */
  streamOptions?: boolean;
  /** How long to wait for the response headers (the model's queue and first byte). */
  timeoutMs?: number;
  /** How long the stream may stay silent between two chunks before the call is given up. */
  idleTimeoutMs?: number;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_IDLE_TIMEOUT_MS = 30_000;
const ENDPOINT: OpenAiEndpointCall = {
  path: '/chat/completions',
  service: 'the OpenAI-compatible LLM',
  envPrefix: 'LLM',
};

/** The delta text of one parsed chunk; throws on a chunk that is not a completion chunk. */
function deltaOf(chunk: unknown): string {
  if (chunk === null || typeof chunk !== 'object') throw new LlmError('unavailable', 'a stream chunk is not an object');
  const record = chunk as { error?: unknown; choices?: unknown };
  if (record.error) {
    // Some vendors report a failure inside a 200 stream.
    const detail = JSON.stringify(record.error).slice(0, 300);
    const code = (record.error as { code?: unknown }).code;
    const reason: LlmErrorReason = /rate|limit|quota|balance/i.test(String(code ?? detail))
      ? 'rate_limited'
      : 'unavailable';
    throw new LlmError(reason, 'the model reported an error in its stream', detail);
  }
  if (!Array.isArray(record.choices)) throw new LlmError('unavailable', 'a stream chunk has no choices');
  // The usage chunk of stream_options has an empty choices list.
  const content = (record.choices[0] as { delta?: { content?: unknown } } | undefined)?.delta?.content;
  return typeof content === 'string' ? content : '';
}

/**
 * Creates the OpenAI-compatible adapter: `POST {baseUrl}/chat/completions` with `stream: true` and a
 * Bearer key, reading the Server-Sent Events (`data: {...}` lines, ended by `data: [DONE]`).
 */
export function createOpenAiCompatibleLlm(options: OpenAiCompatibleOptions): LlmProvider {
  const { url, fetch: fetchImpl, timeoutMs } = openAiEndpoint(options, ENDPOINT, DEFAULT_TIMEOUT_MS);
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;

  return {
    name: `openai:${options.model}`,
    isSandbox: false,
    async *streamChat(request: LlmChatRequest) {
      const controller = new AbortController();
      const callerSignal = request.signal;
      let stopped: 'caller' | 'timeout' | null = null;
      const onCallerAbort = () => {
        stopped ??= 'caller';
        controller.abort();
      };
      if (callerSignal?.aborted) throw new LlmError('aborted', 'stopped before the call');
      callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
      let timer: NodeJS.Timeout | undefined;
      const arm = (ms: number) => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          stopped ??= 'timeout';
          controller.abort();
        }, ms);
      };
      const failure = (error: unknown): LlmError => {
        if (error instanceof LlmError) return error;
        if (stopped === 'caller') return new LlmError('aborted', 'the caller stopped the stream');
        if (stopped === 'timeout') return new LlmError('unavailable', 'the model timed out');
        return new LlmError('unavailable', 'the model could not be reached', (error as Error).message);
      };

      try {
        arm(timeoutMs);
        let response: Response;
        try {
          response = await fetchImpl(url, {
            method: 'POST',
            headers: {
              Authorization: `Bearer ${options.apiKey}`,
              'Content-Type': 'application/json',
              Accept: 'text/event-stream',
            },
            body: JSON.stringify({
              model: options.model,
              messages: request.messages,
              stream: true,
              ...(options.streamOptions ? { stream_options: { include_usage: true } } : {}),
              ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
              ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens }),
            }),
            signal: controller.signal,
          });
        } catch (error) {
          throw failure(error);
        }
        if (response.status !== 200 || !response.body) {
          const body = await response.text().catch(() => '');
          throw new LlmError(
            openAiStatusReason(response.status),
            `the model answered HTTP ${response.status}`,
            withRetryAfter(openAiErrorDetail(body), response.headers),
          );
        }

        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        const read = async () => {
          arm(idleTimeoutMs);
          try {
            return await reader.read();
          } catch (error) {
            throw failure(error);
          }
        };
        try {
          // A stream that ends without [DONE] was cut off: what arrived is not the whole answer.
          for await (const data of sseData(
            read,
            () => new LlmError('unavailable', 'the stream ended without [DONE]'),
          )) {
            let chunk: unknown;
            try {
              chunk = JSON.parse(data);
            } catch {
              throw new LlmError('unavailable', 'a stream chunk is not JSON', data.slice(0, 300));
            }
            const delta = deltaOf(chunk);
            if (delta) yield delta;
          }
        } finally {
          // Ends the HTTP stream when the consumer breaks early or a chunk was bad.
          reader.cancel().catch(() => {});
        }
      } finally {
        clearTimeout(timer);
        callerSignal?.removeEventListener('abort', onCallerAbort);
        controller.abort();
      }
    },
  };
}

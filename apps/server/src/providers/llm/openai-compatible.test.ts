import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rejectionOf } from '../../testing/rejection';
import { rateLimitedAnswer } from '../../testing/vendors';
import { type FakeOpenAiServer, startFakeOpenAiServer } from './fake-openai-server';
import { type LlmChatRequest, LlmError, type LlmProvider } from './index';
import { createOpenAiCompatibleLlm } from './openai-compatible';

const apiKey = 'sk-fake-test-0123456789';
const request: LlmChatRequest = {
  messages: [
    { role: 'system', content: '你是文案助手' },
    { role: 'user', content: '写一段关于露营的文案' },
  ],
  context: { topic: '露营', keywords: ['露营'], relatedWords: [] },
};

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const pieces: string[] = [];
  for await (const piece of stream) pieces.push(piece);
  return pieces;
}

/** What the stream fails with. */
const streamRejection = (stream: AsyncIterable<string>) => rejectionOf<LlmError>(collect(stream));

describe('the OpenAI-compatible LLM adapter against a fake vendor', () => {
  let fake: FakeOpenAiServer;
  let llm: LlmProvider;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer({ apiKey });
    llm = createOpenAiCompatibleLlm({
      baseUrl: `${fake.url}/`,
      apiKey,
      model: 'deepseek-chat',
      timeoutMs: 2_000,
      idleTimeoutMs: 300,
    });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
  });

  it('posts a streamed chat completion with the key and model, and assembles the deltas', async () => {
    fake.behave({ kind: 'stream', pieces: ['露营', '的快乐，', '', '在于慢下来。'] });
    const pieces = await collect(llm.streamChat({ ...request, temperature: 0.7 }));
    expect(pieces.join('')).toBe('露营的快乐，在于慢下来。');
    expect(pieces).toEqual(['露营', '的快乐，', '在于慢下来。']);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.authorization).toBe(`Bearer ${apiKey}`);
    expect(fake.requests[0]!.body).toEqual({
      model: 'deepseek-chat',
      messages: request.messages,
      stream: true,
      temperature: 0.7,
    });
  });

  it('asks for usage with stream_options only when configured, and skips the usage chunk', async () => {
    const withOptions = createOpenAiCompatibleLlm({
      baseUrl: fake.url,
      apiKey,
      model: 'qwen-plus',
      streamOptions: true,
    });
    fake.behave({ kind: 'stream', pieces: ['好'], usage: true });
    expect((await collect(withOptions.streamChat(request))).join('')).toBe('好');
    expect(fake.requests[0]!.body.stream_options).toEqual({ include_usage: true });
  });

  it('classifies a refused key as unauthorized', async () => {
    const wrongKey = createOpenAiCompatibleLlm({ baseUrl: fake.url, apiKey: 'sk-wrong', model: 'm' });
    const error = await streamRejection(wrongKey.streamChat(request));
    expect(error).toBeInstanceOf(LlmError);
    expect(error.reason).toBe('unauthorized');
    expect(error.detail).toContain('Authentication Fails');
  });

  it('classifies 429 and 402 as rate limited, with Retry-After in the detail', async () => {
    fake.behave(rateLimitedAnswer);
    const limited = await streamRejection(llm.streamChat(request));
    expect(limited.reason).toBe('rate_limited');
    expect(limited.detail).toBe('Rate limit reached (Retry-After 20)');
    fake.behave({ kind: 'status', status: 402, body: { error: { message: 'Insufficient Balance' } } });
    expect((await streamRejection(llm.streamChat(request))).reason).toBe('rate_limited');
  });

  it('classifies 5xx as unavailable', async () => {
    fake.behave({ kind: 'status', status: 503, body: { error: { message: 'Server overloaded' } } });
    const error = await streamRejection(llm.streamChat(request));
    expect(error.reason).toBe('unavailable');
    expect(error.message).toContain('503');
  });

  it('rejects a malformed chunk as unavailable after the good ones', async () => {
    fake.behave({ kind: 'malformed', pieces: ['前半'] });
    const pieces: string[] = [];
    let caught: LlmError | undefined;
    try {
      for await (const piece of llm.streamChat(request)) pieces.push(piece);
    } catch (error) {
      caught = error as LlmError;
    }
    expect(pieces).toEqual(['前半']);
    expect(caught?.reason).toBe('unavailable');
    expect(caught?.message).toContain('not JSON');
  });

  it('treats a stream cut off before [DONE] as unavailable', async () => {
    fake.behave({ kind: 'cut', pieces: ['一半'] });
    expect((await streamRejection(llm.streamChat(request))).reason).toBe('unavailable');
  });

  it('gives up a stream silent longer than the idle timeout', async () => {
    fake.behave({ kind: 'hang', pieces: ['开始'] });
    const error = await streamRejection(llm.streamChat(request));
    expect(error.reason).toBe('unavailable');
    expect(error.message).toContain('timed out');
  });

  it('stops on the caller signal, rejects as aborted and closes the vendor stream', async () => {
    fake.behave({ kind: 'hang', pieces: ['第一段'] });
    const patient = createOpenAiCompatibleLlm({ baseUrl: fake.url, apiKey, model: 'm', idleTimeoutMs: 10_000 });
    const controller = new AbortController();
    const pieces: string[] = [];
    let caught: LlmError | undefined;
    try {
      for await (const piece of patient.streamChat({ ...request, signal: controller.signal })) {
        pieces.push(piece);
        controller.abort();
      }
    } catch (error) {
      caught = error as LlmError;
    }
    expect(pieces).toEqual(['第一段']);
    expect(caught?.reason).toBe('aborted');
    await expect.poll(() => fake.openStreams()).toBe(0);
  });

  it('closes the vendor stream when the consumer stops reading', async () => {
    fake.behave({ kind: 'stream', pieces: ['一', '二', '三', '四'], delayMs: 50 });
    for await (const piece of llm.streamChat(request)) {
      expect(piece).toBe('一');
      break;
    }
    await expect.poll(() => fake.openStreams()).toBe(0);
  });

  it('refuses to be built without a key or a model', () => {
    expect(() => createOpenAiCompatibleLlm({ baseUrl: fake.url, apiKey: '', model: 'm' })).toThrow('LLM_API_KEY');
    expect(() => createOpenAiCompatibleLlm({ baseUrl: fake.url, apiKey, model: '' })).toThrow('LLM_MODEL');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { spyOnToast } from '../../components/testing/toast-spy';
import { requestStream, type StreamEvent } from './client';
import { ApiError } from './errors';
import { startSignedIn, stubFetch } from './testing/signed-in-client';

/** A response whose body arrives in the given chunks (split anywhere, as the network does). */
function streamed(chunks: string[], contentType = 'text/event-stream; charset=utf-8') {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': contentType } });
}

describe('requestStream', () => {
  startSignedIn();
  const fetchMock = stubFetch();
  const toast = spyOnToast();
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('signs the POST and hands over each event, however the chunks split', async () => {
    fetchMock.mockResolvedValue(
      streamed([
        'event: start\ndata: {"sandbox":true}\n\nevent: del',
        'ta\ndata: {"text":"露营"}\n\n: keep-alive\n\n',
        'event: done\ndata: {"sandbox":true}\n\n',
      ]),
    );
    const events: StreamEvent[] = [];
    await requestStream('/api/ai/writing/generate', { method: 'POST', body: { template_id: 1 } }, (event) =>
      events.push(event),
    );
    expect(events).toEqual([
      { event: 'start', data: { sandbox: true } },
      { event: 'delta', data: { text: '露营' } },
      { event: 'done', data: { sandbox: true } },
    ]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/ai\/writing\/generate\?ts=\d+&he=[0-9a-f]{16}&sign=/);
    expect(init.headers.authorization).toBe('token-1');
  });

  it('runs the response handler on a refusal envelope and rejects with its ApiError', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ code: 400, msg: '请填写视频主题', data: null }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    const error = await requestStream('/api/ai/writing/generate', { method: 'POST' }, () => {}).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe(400);
    expect(toast).toHaveBeenCalledWith('请填写视频主题');
  });

  it('treats an error event as a failure after the pieces that came before it', async () => {
    fetchMock.mockResolvedValue(
      streamed([
        'event: delta\ndata: {"text":"一半"}\n\nevent: error\ndata: {"code":300,"msg":"AI 生成中断，请重新生成"}\n\n',
      ]),
    );
    const events: StreamEvent[] = [];
    const error = await requestStream('/api/ai/writing/generate', { method: 'POST' }, (event) =>
      events.push(event),
    ).catch((e) => e);
    expect(events).toEqual([{ event: 'delta', data: { text: '一半' } }]);
    expect(error).toMatchObject({ code: 300, message: 'AI 生成中断，请重新生成' });
    expect(toast).toHaveBeenCalledWith('AI 生成中断，请重新生成');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDialogs } from '../../stores/dialogs';
import { request, requestFile } from './client';
import { ApiError } from './errors';
import { startSignedIn, stubFetch } from './testing/signed-in-client';

/**
 * A response whose headers have arrived but whose body is still on its way, and fails the way a browser
 * fails it when the call's signal aborts (or at once with a network error when `signal` is omitted).
 */
function arrivingBody(signal?: AbortSignal, contentType = 'application/json') {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"code":200,"msg":"","da'));
      if (signal) signal.addEventListener('abort', () => controller.error(signal.reason), { once: true });
      else controller.error(new TypeError('network error'));
    },
  });
  return new Response(body, { headers: { 'content-type': contentType } });
}

describe('request', () => {
  startSignedIn();
  const fetchMock = stubFetch();
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('rejects quietly with the abort when its caller gives it up while the body arrives', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(async () => arrivingBody(controller.signal));
    const pending = request('/api/keyword/related', { signal: controller.signal });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
    expect(useDialogs.getState().errorDialog).toBeNull();
  });

  it('opens netErr when the body breaks off without an abort', async () => {
    fetchMock.mockImplementation(async () => arrivingBody());
    const error = await request('/api/keyword/related').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(useDialogs.getState().errorDialog).toBe('netErr');
  });

  it('leaves an export given up mid-answer without a dialog too', async () => {
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockImplementation(async () => new Response('gateway', { status: 502 }));
    const error = await requestFile('/api/keyword/export', { signal: controller.signal }).catch((e: unknown) => e);
    expect((error as DOMException).name).toBe('AbortError');
    expect(useDialogs.getState().errorDialog).toBeNull();
  });
});

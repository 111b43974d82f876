import type { StreamEvent } from '../../lib/api/client';

/**
 * A `requestStream` answer that sends `before`, waits until the test calls `release()`, then sends
 * `after`: what a test needs to look at a page while its AI text is still arriving.
 */
export function pausedStream(before: StreamEvent[], after: StreamEvent[]) {
  let release: (() => void) | null = null;
  const answer = async (_path: string, _options: unknown, emit: (event: StreamEvent) => void) => {
    for (const event of before) emit(event);
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    for (const event of after) emit(event);
  };
  return {
    answer,
    release: () => {
      if (!release) throw new Error('the stream was released before it was asked for');
      release();
    },
  };
}

/**
 * A `requestStream` answer that sends `events`, then holds until the request is aborted (the page's 停止)
 * and rejects as an aborted fetch does: what a test needs to stop a generation part-way.
 */
export function streamUntilStopped(events: StreamEvent[]) {
  return async (_path: string, options: { signal: AbortSignal }, emit: (event: StreamEvent) => void) => {
    for (const event of events) emit(event);
    await new Promise((_, reject) =>
      options.signal.addEventListener('abort', () => reject(new DOMException('stop', 'AbortError'))),
    );
  };
}

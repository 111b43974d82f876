import type { RateLimitStore } from '../../lib/rate-limit';

/**
 * Spaces a source's vendor calls to at most `callsPerSecond`: a fixed one-second window counted in the
 * project's rate-limit store, so with REDIS_URL set every worker process shares one pace; in memory, each
 * process keeps its own (the pace is then per process). A call over the window's count waits for the next.
 */
export function sourcePace(options: {
  store: RateLimitStore;
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}): (source: string, callsPerSecond: number, signal: AbortSignal) => Promise<void> {
  const wait = options.wait ?? waitFor;
  return async (source, callsPerSecond, signal) => {
    const allowed = Math.max(1, Math.floor(callsPerSecond));
    for (;;) {
      signal.throwIfAborted();
      const state = await options.store.increment(`collect:pace:${source}`, 1_000);
      if (state.count <= allowed) return;
      await wait(Math.max(1, state.resetInMs), signal);
    }
  };
}

function waitFor(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

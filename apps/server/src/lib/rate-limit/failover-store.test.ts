import { describe, expect, it } from 'vitest';
import { createFailoverRateLimitStore, type ProbedRateLimitStore } from './failover-store';
import type { AdmissionRule, RateLimitStore } from './index';
import { createMemoryRateLimitStore } from './memory-store';

/**
 * A primary the test steers: connected or not, answering, hanging, or failing with a given error. It
 * counts in memory of its own, so a test reads where each call was counted.
 */
function steeredPrimary() {
  const counts = createMemoryRateLimitStore();
  const state = { ready: true, hang: false, error: null as Error | null, calls: 0 };
  const steer = <T>(operation: () => Promise<T>): Promise<T> => {
    state.calls += 1;
    if (state.error) return Promise.reject(state.error);
    if (state.hang) return new Promise<T>(() => undefined);
    return operation();
  };
  const store: ProbedRateLimitStore = {
    isReady: () => state.ready,
    untilReady: () => (state.ready ? Promise.resolve() : Promise.reject(new Error('not connected'))),
    ping: () => steer(async () => undefined),
    increment: (key, windowMs, amount) => steer(() => counts.increment(key, windowMs, amount)),
    read: (key) => steer(() => counts.read(key)),
    clear: (key) => steer(() => counts.clear(key)),
    block: (key, ttlMs) => steer(() => counts.block(key, ttlMs)),
    blockedFor: (key) => steer(() => counts.blockedFor(key)),
    admit: (key, rule) => steer(() => counts.admit(key, rule)),
    release: (key, slot) => steer(() => counts.release(key, slot)),
    close: () => counts.close(),
  };
  return { store, state, counts };
}

const WINDOW = 60_000;
const oneAtATime: AdmissionRule = {
  inFlight: 1,
  leaseMs: 60_000,
  burst: { limit: 1000, windowMs: WINDOW },
  sustained: { limit: 1000, windowMs: WINDOW, blockMs: WINDOW },
};

function setup() {
  const primary = steeredPrimary();
  const fallback = createMemoryRateLimitStore();
  const store = createFailoverRateLimitStore({ primary: primary.store, fallback, deadlineMs: 20, probeMs: 10 });
  return { primary, fallback, store };
}

async function until(condition: () => Promise<boolean>, message: string) {
  const deadline = Date.now() + 2_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(message);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const countIn = async (store: RateLimitStore, key: string) => (await store.read(key)).count;

/** Counts through the breaker until a count lands in the primary: the breaker has closed again. */
const untilCountedInPrimary = (store: RateLimitStore, primaryCounts: RateLimitStore) =>
  until(async () => {
    await store.increment('back', WINDOW);
    return (await countIn(primaryCounts, 'back')) > 0;
  }, 'the breaker did not close once the primary answered its probe');

describe('failover rate-limit store', () => {
  it('counts in the primary while it answers, in memory at once while it is not connected, and in the primary once a probe answers', async () => {
    const { primary, fallback, store } = setup();
    await store.increment('k', WINDOW);
    expect(await countIn(primary.counts, 'k')).toBe(1);

    primary.state.ready = false;
    const callsBefore = primary.state.calls;
    await store.increment('k', WINDOW);
    await store.increment('k', WINDOW);
    expect(await countIn(fallback, 'k')).toBe(2);
    expect(primary.state.calls).toBe(callsBefore);

    primary.state.ready = true;
    await untilCountedInPrimary(store, primary.counts);
    await store.close();
  });

  it('stops waiting for a primary that hangs at its deadline and asks it nothing more until a probe answers', async () => {
    const { primary, fallback, store } = setup();
    primary.state.hang = true;
    const started = Date.now();
    await store.increment('k', WINDOW);
    expect(Date.now() - started).toBeLessThan(500);
    expect(await countIn(fallback, 'k')).toBe(1);

    // Open: later calls go to memory; the primary hears at most a probe's ping meanwhile.
    const callsBefore = primary.state.calls;
    for (let index = 0; index < 20; index++) await store.increment('k', WINDOW);
    expect(await countIn(fallback, 'k')).toBe(21);
    expect(primary.state.calls - callsBefore).toBeLessThanOrEqual(2);

    primary.state.hang = false;
    await untilCountedInPrimary(store, primary.counts);
    await store.close();
  });

  it('passes on a failure that is not an outage and keeps using the primary', async () => {
    const { primary, store } = setup();
    primary.state.error = new Error('ERR Error running script');
    await expect(store.increment('k', WINDOW)).rejects.toThrow('ERR Error running script');
    primary.state.error = null;
    await store.increment('k', WINDOW);
    expect(await countIn(primary.counts, 'k')).toBe(1);
    await store.close();
  });

  it('counts a connection refused by the primary in memory', async () => {
    const { primary, fallback, store } = setup();
    primary.state.error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });
    await store.increment('k', WINDOW);
    expect(await countIn(fallback, 'k')).toBe(1);
    await store.close();
  });

  it('releases each in-flight slot in the store that gave it', async () => {
    const { primary, store } = setup();
    const fromPrimary = await store.admit('client', oneAtATime);
    expect(fromPrimary.admitted).toBe(true);
    primary.state.ready = false;
    const fromMemory = await store.admit('client', oneAtATime);
    expect(fromMemory.admitted).toBe(true);
    expect((await store.admit('client', oneAtATime)).admitted).toBe(false);
    if (!fromMemory.admitted || !fromPrimary.admitted) throw new Error('unreachable');
    await store.release('client', fromMemory.slot);
    expect((await store.admit('client', oneAtATime)).admitted).toBe(true);

    primary.state.ready = true;
    await untilCountedInPrimary(store, primary.counts);
    await store.release('client', fromPrimary.slot);
    expect((await primary.counts.admit('client', oneAtATime)).admitted).toBe(true);
    await store.close();
  });
});

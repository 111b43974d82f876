import { expect, it } from 'vitest';
import type { RateLimitStore } from './index';

/**
 * The behaviour every store must have, run against each implementation. `wait` moves time on: a fake
 * clock for the memory store, real sleeping for Redis (whose clock the test cannot move).
 */
export function itBehavesLikeARateLimitStore(
  setup: () => { store: RateLimitStore; key: (name: string) => string; wait: (ms: number) => Promise<void> },
) {
  it('counts hits within one window', async () => {
    const { store, key } = setup();
    const name = key('count');
    expect((await store.increment(name, 10_000)).count).toBe(1);
    expect((await store.increment(name, 10_000)).count).toBe(2);
    const state = await store.read(name);
    expect(state.count).toBe(2);
    expect(state.resetInMs).toBeGreaterThan(9_000);
    expect(state.resetInMs).toBeLessThanOrEqual(10_000);
  });

  it('starts again from zero when the window has passed', async () => {
    const { store, key, wait } = setup();
    const name = key('window');
    await store.increment(name, 150);
    await store.increment(name, 150);
    await wait(250);
    expect(await store.read(name)).toEqual({ count: 0, resetInMs: 0 });
    expect((await store.increment(name, 150)).count).toBe(1);
  });

  it('keeps the first window when later hits name another length', async () => {
    const { store, key } = setup();
    const name = key('fixed');
    await store.increment(name, 5_000);
    const later = await store.increment(name, 60_000);
    expect(later.resetInMs).toBeLessThanOrEqual(5_000);
  });

  it('gives back a reservation with a negative amount', async () => {
    const { store, key } = setup();
    const name = key('reserve');
    await store.increment(name, 10_000, 3);
    expect((await store.increment(name, 10_000, -1)).count).toBe(2);
  });

  it('counts every one of many concurrent hits', async () => {
    const { store, key } = setup();
    const name = key('concurrent');
    const results = await Promise.all(Array.from({ length: 50 }, () => store.increment(name, 10_000)));
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, index) => index + 1),
    );
  });

  it('blocks a key until its time is up', async () => {
    const { store, key, wait } = setup();
    const name = key('block');
    expect(await store.blockedFor(name)).toBe(0);
    await store.block(name, 150);
    expect(await store.blockedFor(name)).toBeGreaterThan(0);
    await wait(250);
    expect(await store.blockedFor(name)).toBe(0);
  });

  it('forgets a counter and a block when cleared', async () => {
    const { store, key } = setup();
    const name = key('clear');
    await store.increment(name, 10_000);
    await store.block(name, 10_000);
    await store.clear(name);
    expect((await store.read(name)).count).toBe(0);
    expect(await store.blockedFor(name)).toBe(0);
  });
}

import { expect, it } from 'vitest';
import type { AdmissionRule, RateLimitStore } from './index';

/**
 * The behaviour every store must have, run against each implementation. `wait` moves time on: a fake
 * clock for the memory store, real sleeping for Redis (whose clock the test cannot move).
 */
export function itBehavesLikeARateLimitStore(store: RateLimitStore, wait: (ms: number) => Promise<void>) {
  // Each test's keys carry its own number, so the tests sharing the store never see each other's counts.
  let run = 0;
  const setup = () => {
    const prefix = ++run;
    return { store, key: (name: string) => `${prefix}:${name}`, wait };
  };
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

  // Admission: large limits except the one a test is about.
  const rule = (overrides: Partial<AdmissionRule> = {}): AdmissionRule => ({
    inFlight: 100,
    leaseMs: 60_000,
    burst: { limit: 1000, windowMs: 60_000 },
    sustained: { limit: 10_000, windowMs: 60_000, blockMs: 60_000 },
    ...overrides,
  });

  it('admits up to the in-flight cap and admits again once a slot is released', async () => {
    const { store, key } = setup();
    const name = key('in-flight');
    const first = await store.admit(name, rule({ inFlight: 2 }));
    const second = await store.admit(name, rule({ inFlight: 2 }));
    expect([first.admitted, second.admitted]).toEqual([true, true]);
    expect(await store.admit(name, rule({ inFlight: 2 }))).toEqual({ admitted: false, reason: 'inFlight' });
    if (!first.admitted) throw new Error('unreachable');
    await store.release(name, first.slot);
    await store.release(name, first.slot);
    expect((await store.admit(name, rule({ inFlight: 2 }))).admitted).toBe(true);
    expect(await store.admit(name, rule({ inFlight: 2 }))).toEqual({ admitted: false, reason: 'inFlight' });
  });

  it('frees a slot nobody released once its lease has run out', async () => {
    const { store, key, wait } = setup();
    const name = key('lease');
    expect((await store.admit(name, rule({ inFlight: 1, leaseMs: 150 }))).admitted).toBe(true);
    expect((await store.admit(name, rule({ inFlight: 1, leaseMs: 150 }))).admitted).toBe(false);
    await wait(250);
    expect((await store.admit(name, rule({ inFlight: 1, leaseMs: 150 }))).admitted).toBe(true);
  });

  it('never admits more than the cap among many concurrent requests', async () => {
    const { store, key } = setup();
    const name = key('in-flight-race');
    const results = await Promise.all(Array.from({ length: 40 }, () => store.admit(name, rule({ inFlight: 5 }))));
    expect(results.filter((result) => result.admitted)).toHaveLength(5);
  });

  it('refuses a burst over its limit until the next window', async () => {
    const { store, key, wait } = setup();
    const name = key('burst');
    const burst = rule({ burst: { limit: 3, windowMs: 150 } });
    for (let index = 0; index < 3; index++) {
      const admission = await store.admit(name, burst);
      if (admission.admitted) await store.release(name, admission.slot);
      expect(admission.admitted).toBe(true);
    }
    expect(await store.admit(name, burst)).toEqual({ admitted: false, reason: 'burst' });
    await wait(250);
    expect((await store.admit(name, burst)).admitted).toBe(true);
  });

  it('blocks a key over its sustained limit for the block time, past the end of the window', async () => {
    const { store, key, wait } = setup();
    const name = key('sustained');
    const sustained = rule({ sustained: { limit: 2, windowMs: 100, blockMs: 400 } });
    await store.admit(name, sustained);
    await store.admit(name, sustained);
    expect(await store.admit(name, sustained)).toEqual({ admitted: false, reason: 'sustained' });
    await wait(200);
    expect(await store.admit(name, sustained)).toEqual({ admitted: false, reason: 'blocked' });
    await wait(300);
    expect((await store.admit(name, sustained)).admitted).toBe(true);
  });
}

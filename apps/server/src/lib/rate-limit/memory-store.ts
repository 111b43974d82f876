import type { Admission, CounterState, RateLimitStore } from './index';

interface Entry {
  count: number;
  expiresAt: number;
}

/** Entries are swept once this many writes have happened, so a busy process does not grow forever. */
const SWEEP_EVERY_WRITES = 1000;

/**
 * Limits kept in this process: right for one instance (the default), wrong for several, which is
 * what the Redis store is for. The clock is injectable for tests; by default it is `Date.now`.
 */
export function createMemoryRateLimitStore(now: () => number = () => Date.now()): RateLimitStore {
  const counters = new Map<string, Entry>();
  const blocks = new Map<string, number>();
  /** In-flight slots per key: slot id → when its lease runs out. */
  const slots = new Map<string, Map<string, number>>();
  let writes = 0;
  let slotSequence = 0;

  const live = (key: string): Entry | undefined => {
    const entry = counters.get(key);
    if (entry && entry.expiresAt <= now()) {
      counters.delete(key);
      return undefined;
    }
    return entry;
  };
  const stateOf = (entry: Entry | undefined): CounterState =>
    entry ? { count: entry.count, resetInMs: entry.expiresAt - now() } : { count: 0, resetInMs: 0 };
  const sweepSometimes = () => {
    writes += 1;
    if (writes % SWEEP_EVERY_WRITES !== 0) return;
    const at = now();
    for (const [key, entry] of counters) if (entry.expiresAt <= at) counters.delete(key);
    for (const [key, until] of blocks) if (until <= at) blocks.delete(key);
    for (const [key, held] of slots) {
      for (const [slot, until] of held) if (until <= at) held.delete(slot);
      if (held.size === 0) slots.delete(key);
    }
  };
  const bump = (key: string, windowMs: number) => {
    const entry = live(key) ?? { count: 0, expiresAt: now() + windowMs };
    entry.count += 1;
    counters.set(key, entry);
    return entry.count;
  };

  return {
    async increment(key, windowMs, amount = 1) {
      sweepSometimes();
      const entry = live(key) ?? { count: 0, expiresAt: now() + windowMs };
      entry.count += amount;
      counters.set(key, entry);
      return stateOf(entry);
    },
    async read(key) {
      return stateOf(live(key));
    },
    async clear(key) {
      counters.delete(key);
      blocks.delete(key);
    },
    async block(key, ttlMs) {
      sweepSometimes();
      blocks.set(key, now() + ttlMs);
    },
    async blockedFor(key) {
      const until = blocks.get(key);
      if (until === undefined) return 0;
      const left = until - now();
      if (left > 0) return left;
      blocks.delete(key);
      return 0;
    },
    async admit(key, rule): Promise<Admission> {
      sweepSometimes();
      const until = blocks.get(`adm:${key}`);
      if (until !== undefined && until > now()) return { admitted: false, reason: 'blocked' };
      const sustained = bump(`adm:s:${key}`, rule.sustained.windowMs);
      const burst = bump(`adm:b:${key}`, rule.burst.windowMs);
      if (sustained > rule.sustained.limit) {
        blocks.set(`adm:${key}`, now() + rule.sustained.blockMs);
        return { admitted: false, reason: 'sustained' };
      }
      if (burst > rule.burst.limit) return { admitted: false, reason: 'burst' };
      const held = slots.get(key) ?? new Map<string, number>();
      const at = now();
      for (const [slot, leaseEnd] of held) if (leaseEnd <= at) held.delete(slot);
      if (held.size >= rule.inFlight) return { admitted: false, reason: 'inFlight' };
      slotSequence += 1;
      const slot = String(slotSequence);
      held.set(slot, at + rule.leaseMs);
      slots.set(key, held);
      return { admitted: true, slot };
    },
    async release(key, slot) {
      const held = slots.get(key);
      held?.delete(slot);
      if (held?.size === 0) slots.delete(key);
    },
    async close() {
      counters.clear();
      blocks.clear();
      slots.clear();
    },
  };
}

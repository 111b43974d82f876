import type { FastifyBaseLogger } from 'fastify';
import { createFailoverRateLimitStore } from './failover-store';
import { createMemoryRateLimitStore } from './memory-store';
import { createRedisRateLimitStore } from './redis-store';

export { createMemoryRateLimitStore } from './memory-store';
export { createRedisRateLimitStore } from './redis-store';

/** A counter's state: hits in the current window and the time until the window ends. */
export interface CounterState {
  count: number;
  /** Milliseconds until the window closes and the count starts again from zero; 0 when idle. */
  resetInMs: number;
}

/**
 * Counters and blocks shared by every rate limit. Windows are fixed: the first hit opens one of
 * `windowMs`, later hits only add to it. With Redis behind it the limits hold across instances.
 */
export interface RateLimitStore {
  /** Adds `amount` (may be negative, to give back a reservation) and returns the new state. */
  increment(key: string, windowMs: number, amount?: number): Promise<CounterState>;
  /** The counter without changing it. */
  read(key: string): Promise<CounterState>;
  /** Forgets a counter or a block. */
  clear(key: string): Promise<void>;
  /** Blocks `key` for `ttlMs` (replacing any earlier block). */
  block(key: string, ttlMs: number): Promise<void>;
  /** Milliseconds the block on `key` still lasts; 0 when not blocked. */
  blockedFor(key: string): Promise<number>;
  /**
   * One request's admission for one client (an address or a user), in one step so that with Redis it
   * is one round trip and several instances see one count. See {@link AdmissionRule}.
   */
  admit(key: string, rule: AdmissionRule): Promise<Admission>;
  /** Frees the in-flight slot an admission took; freeing twice or after the lease is harmless. */
  release(key: string, slot: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * What one client may do. Every attempt counts, refused ones too, so hammering a refusal still adds up
 * to a block. The checks, in order:
 * 1. blocked (an earlier sustained overrun) → `blocked`;
 * 2. over `sustained.limit` in its window → blocked for `sustained.blockMs`, `sustained`;
 * 3. over `burst.limit` in its window → `burst`;
 * 4. `inFlight` requests already running → `inFlight`;
 * 5. otherwise a slot is taken, held until released or for `leaseMs` at most (so a crashed instance's
 *    slots free themselves).
 */
export interface AdmissionRule {
  inFlight: number;
  leaseMs: number;
  burst: { limit: number; windowMs: number };
  sustained: { limit: number; windowMs: number; blockMs: number };
}

export type Admission =
  | { admitted: true; slot: string }
  | { admitted: false; reason: 'blocked' | 'sustained' | 'burst' | 'inFlight' };

/**
 * Redis when a URL is configured (several instances share limits), else this process's memory. Redis
 * sits behind a breaker that counts in memory while it is away (failover-store.ts), so an outage of
 * Redis neither slows nor stops the product.
 */
export function createRateLimitStore(options: {
  redisUrl: string | undefined;
  log?: FastifyBaseLogger;
}): RateLimitStore {
  if (!options.redisUrl) return createMemoryRateLimitStore();
  return createFailoverRateLimitStore({
    primary: createRedisRateLimitStore({ url: options.redisUrl, log: options.log }),
    fallback: createMemoryRateLimitStore(),
    log: options.log,
  });
}

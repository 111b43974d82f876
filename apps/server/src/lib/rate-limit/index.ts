import type { FastifyBaseLogger } from 'fastify';
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
  close(): Promise<void>;
}

/** Redis when a URL is configured (several instances share limits), else this process's memory. */
export function createRateLimitStore(options: { redisUrl: string | undefined; log?: FastifyBaseLogger }) {
  if (options.redisUrl) return createRedisRateLimitStore({ url: options.redisUrl, log: options.log });
  return createMemoryRateLimitStore();
}

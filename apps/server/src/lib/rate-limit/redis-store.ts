import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { CounterState, RateLimitStore } from './index';

/** Every key lives under this prefix, so the limits can share a Redis with other data. */
const KEY_PREFIX = 'dso:rl:';

/**
 * Adds to a counter and opens its window on the first hit, in one step: with INCRBY and PEXPIRE sent
 * apart, a crash between them would leave a counter that never expires.
 */
const INCREMENT_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

export interface RedisRateLimitOptions {
  url: string;
  log?: FastifyBaseLogger | undefined;
  /** Separates test runs sharing one Redis. */
  keyPrefix?: string;
}

/** Limits shared by every instance through Redis (REDIS_URL). */
export function createRedisRateLimitStore(options: RedisRateLimitOptions): RateLimitStore {
  const redis = new Redis(options.url, {
    keyPrefix: options.keyPrefix ?? KEY_PREFIX,
    // A request should fail fast (650) rather than hang while Redis is away.
    maxRetriesPerRequest: 2,
    lazyConnect: true,
  });
  redis.on('error', (error) => options.log?.warn({ err: error }, 'rate-limit store: Redis error'));
  const counterKey = (key: string) => `c:${key}`;
  const blockKey = (key: string) => `b:${key}`;

  return {
    async increment(key, windowMs, amount = 1) {
      const [count, ttl] = (await redis.eval(
        INCREMENT_SCRIPT,
        1,
        counterKey(key),
        String(Math.max(1, Math.ceil(windowMs))),
        String(amount),
      )) as [number, number];
      return { count, resetInMs: ttl };
    },
    async read(key): Promise<CounterState> {
      const [[, count], [, ttl]] = (await redis.multi().get(counterKey(key)).pttl(counterKey(key)).exec()) as [
        [Error | null, string | null],
        [Error | null, number],
      ];
      if (count === null) return { count: 0, resetInMs: 0 };
      return { count: Number(count), resetInMs: Math.max(0, ttl) };
    },
    async clear(key) {
      await redis.del(counterKey(key), blockKey(key));
    },
    async block(key, ttlMs) {
      await redis.set(blockKey(key), '1', 'PX', Math.max(1, Math.ceil(ttlMs)));
    },
    async blockedFor(key) {
      return Math.max(0, await redis.pttl(blockKey(key)));
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

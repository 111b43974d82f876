import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { ProbedRateLimitStore } from './failover-store';
import type { Admission, CounterState } from './index';

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

/**
 * A request's admission (see `AdmissionRule`) in one step. In-flight requests are a sorted set of
 * slot ids scored by when their lease runs out, rather than an INCR/DECR counter: a counter whose
 * DECR never comes (a crashed instance, a lost connection) would stay high for as long as traffic
 * keeps its TTL fresh, while an expired lease is dropped here at the next admission. The lease clock
 * is Redis's own TIME, so instances with different clocks agree.
 * KEYS: block, sustained counter, burst counter, slots. ARGV: sustained limit, window, block ms;
 * burst limit, window; in-flight cap, lease ms, slot id.
 */
const ADMIT_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 'blocked' end
local function bump(key, windowMs)
  local count = redis.call('INCR', key)
  if redis.call('PTTL', key) < 0 then redis.call('PEXPIRE', key, windowMs) end
  return count
end
local sustained = bump(KEYS[2], ARGV[2])
local burst = bump(KEYS[3], ARGV[5])
if sustained > tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], '1', 'PX', ARGV[3])
  return 'sustained'
end
if burst > tonumber(ARGV[4]) then return 'burst' end
local time = redis.call('TIME')
local nowMs = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', nowMs)
if redis.call('ZCARD', KEYS[4]) >= tonumber(ARGV[6]) then return 'inFlight' end
redis.call('ZADD', KEYS[4], nowMs + tonumber(ARGV[7]), ARGV[8])
redis.call('PEXPIRE', KEYS[4], ARGV[7])
return 'ok'
`;

export interface RedisRateLimitOptions {
  url: string;
  log?: FastifyBaseLogger | undefined;
  /** Separates test runs sharing one Redis. */
  keyPrefix?: string;
}

/**
 * Limits shared by every instance through Redis (REDIS_URL). A command never waits for a connection:
 * while there is none it fails at once (no offline queue, no retries per command), and the client keeps
 * reconnecting in the background, at most a second apart. `createRateLimitStore` puts it behind the
 * failover breaker, which counts in memory meanwhile.
 */
export function createRedisRateLimitStore(options: RedisRateLimitOptions): ProbedRateLimitStore {
  const redis = new Redis(options.url, {
    keyPrefix: options.keyPrefix ?? KEY_PREFIX,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // A command sent before a connection broke is not sent again on the next one: it was counted elsewhere.
    autoResendUnfulfilledCommands: false,
    // A host that drops packets must not hold a connection attempt for ioredis's default 10 s.
    connectTimeout: 1_000,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
  });
  // Every failed reconnect emits an error; the breaker logs the outage once (failover-store.ts).
  redis.on('error', (error) => options.log?.debug({ err: error }, 'rate-limit store: Redis error'));
  /** The connection attempt under way, shared by every caller waiting for it. */
  let attempt: Promise<void> | null = null;
  const untilReady = (): Promise<void> => {
    if (redis.status === 'ready') return Promise.resolve();
    if (!['wait', 'connecting', 'connect'].includes(redis.status)) {
      return Promise.reject(new Error(`Redis connection is ${redis.status}`));
    }
    attempt ??= new Promise<void>((resolve, reject) => {
      const settle = (error?: Error) => {
        redis.off('ready', onReady).off('close', onClose);
        attempt = null;
        if (error) reject(error);
        else resolve();
      };
      const onReady = () => settle();
      const onClose = () => settle(new Error('Redis connection attempt failed'));
      redis.once('ready', onReady).once('close', onClose);
    });
    return attempt;
  };
  const counterKey = (key: string) => `c:${key}`;
  const blockKey = (key: string) => `b:${key}`;

  return {
    isReady: () => redis.status === 'ready',
    untilReady,
    async ping() {
      await redis.ping();
    },
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
    async admit(key, rule): Promise<Admission> {
      const slot = randomUUID();
      // One hash tag, so a Redis Cluster keeps the four keys on one node as a script needs.
      const tag = `adm:{${key}}`;
      const ms = (value: number) => String(Math.max(1, Math.ceil(value)));
      const verdict = (await redis.eval(
        ADMIT_SCRIPT,
        4,
        `${tag}:block`,
        `${tag}:sustained`,
        `${tag}:burst`,
        `${tag}:slots`,
        String(rule.sustained.limit),
        ms(rule.sustained.windowMs),
        ms(rule.sustained.blockMs),
        String(rule.burst.limit),
        ms(rule.burst.windowMs),
        String(rule.inFlight),
        ms(rule.leaseMs),
        slot,
      )) as string;
      if (verdict === 'ok') return { admitted: true, slot };
      return { admitted: false, reason: verdict as Exclude<Admission, { admitted: true }>['reason'] };
    },
    async release(key, slot) {
      await redis.zrem(`adm:{${key}}:slots`, slot);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

import { randomBytes } from 'node:crypto';
import { AccountPath, Code, KeywordPath } from '@dso/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { type AppConfig, type ClientLimits, loadConfig, type RequestLimits } from '../config';
import type { DatabaseHandle } from '../db/client';
import { fromIp, nextIp, useMovableClock } from '../features/account/account.testing';
import { ok } from '../lib/envelope';
import { createRedisRateLimitStore } from '../lib/rate-limit';
import { isRedisReachable, testRedisUrl } from '../lib/rate-limit/redis-reachable';
import {
  createTestApp,
  createTestDatabase,
  createUser,
  loginAs,
  randomIp,
  signedInjectOptions,
  type TestApp,
} from '../testing';
import { BLOCK_MS } from './request-limits';

/** While `searches.held` is set, every library search waits inside the repository until it is resolved. */
const searches = vi.hoisted(() => ({ held: null as Promise<void> | null, waiting: 0 }));

vi.mock('../features/keywords/search/keyword-search.repository', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../features/keywords/search/keyword-search.repository')>();
  return {
    ...actual,
    runSearch: async (...args: Parameters<typeof actual.runSearch>) => {
      if (searches.held) {
        searches.waiting += 1;
        await searches.held;
        searches.waiting -= 1;
      }
      return actual.runSearch(...args);
    },
  };
});

const HOLD_PATH = '/api/test/hold';
const FRIEND_LINKS = '/api/web/friend_url2';

const roomy: ClientLimits = { inFlight: 1000, searchesInFlight: 1000, perMinute: 100_000, perHour: 1_000_000 };
const limits = (overrides: Partial<RequestLimits>): RequestLimits => ({
  address: roomy,
  user: roomy,
  refusalDelayMs: 0,
  ...overrides,
});

/**
 * A route that answers only when the test lets it, so requests can be kept in flight without timers.
 * `arrived(n)` resolves once n requests are waiting inside the handler; `open()` lets them all answer.
 */
function holdingRoute() {
  let waiting: Array<() => void> = [];
  let watchers: Array<{ count: number; resolve: () => void }> = [];
  return {
    register(app: FastifyInstance) {
      app.get(HOLD_PATH, async () => {
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          for (const watcher of watchers.filter((entry) => entry.count <= waiting.length)) watcher.resolve();
        });
        return ok(null);
      });
    },
    arrived: (count: number) =>
      new Promise<void>((resolve) => {
        if (waiting.length >= count) resolve();
        else watchers.push({ count, resolve });
      }),
    open() {
      for (const resolve of waiting) resolve();
      waiting = [];
      watchers = [];
    },
  };
}

describe('request limits', () => {
  let t: TestApp;
  const hold = holdingRoute();
  beforeAll(async () => {
    t = await createTestApp({
      // The signature check reads the movable clock too, so moving it hours on keeps requests valid.
      now: () => Date.now(),
      config: {
        requestLimits: {
          address: { inFlight: 3, searchesInFlight: 2, perMinute: 5, perHour: 8 },
          user: { inFlight: 2, searchesInFlight: 1, perMinute: 4, perHour: 1000 },
          refusalDelayMs: 0,
        },
      },
      extend: (app) => hold.register(app),
    });
    // Building an app on a busy machine can take longer than a hook's default.
  }, 180_000);
  afterAll(async () => {
    hold.open();
    await t?.close();
  });

  const get = async (url: string, ip: string, token?: string) =>
    (await t.request({ method: 'GET', url, headers: fromIp(ip), ...(token ? { token } : {}) })).json().code;
  const getMany = async (count: number, ip: string, token?: string) => {
    const codes: number[] = [];
    for (let index = 0; index < count; index++) codes.push(await get(FRIEND_LINKS, ip, token));
    return codes;
  };

  it('answers 650 with HTTP 503 to an address over its requests per minute, and lets it in again the next minute', async () => {
    const clock = useMovableClock();
    const ip = nextIp();
    expect(await getMany(5, ip)).toEqual([200, 200, 200, 200, 200]);
    const refused = await t.request({ method: 'GET', url: FRIEND_LINKS, headers: fromIp(ip) });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ code: Code.SERVER_BUSY, msg: '服务器繁忙，刷新试试', data: null });
    expect(await get(FRIEND_LINKS, nextIp())).toBe(Code.OK);
    clock.advance(61_000);
    expect(await get(FRIEND_LINKS, ip)).toBe(Code.OK);
  });

  it('shuts an address that keeps going over its hourly limit out for 24 hours with 661', async () => {
    const clock = useMovableClock();
    const ip = nextIp();
    expect(await getMany(5, ip)).toEqual([200, 200, 200, 200, 200]);
    clock.advance(61_000);
    expect(await getMany(3, ip)).toEqual([200, 200, 200]);
    const refused = await t.request({ method: 'GET', url: FRIEND_LINKS, headers: fromIp(ip) });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: Code.IP_BUSY, msg: '访问过于频繁，24小时后可继续访问哦', data: null });
    clock.advance(2 * 60 * 60_000);
    expect(await get(FRIEND_LINKS, ip)).toBe(Code.IP_BUSY);
    expect(await get(FRIEND_LINKS, nextIp())).toBe(Code.OK);
    clock.advance(BLOCK_MS);
    expect(await get(FRIEND_LINKS, ip)).toBe(Code.OK);
  });

  it('answers 650 while an address has its cap of requests in flight, and admits it again when one finishes', async () => {
    const ip = nextIp();
    const held = [0, 1, 2].map(() => t.request({ method: 'GET', url: HOLD_PATH, headers: fromIp(ip) }));
    await hold.arrived(3);
    expect(await get(FRIEND_LINKS, ip)).toBe(Code.SERVER_BUSY);
    expect(await get(FRIEND_LINKS, nextIp())).toBe(Code.OK);
    hold.open();
    expect((await Promise.all(held)).map((response) => response.json().code)).toEqual([200, 200, 200]);
    expect(await get(FRIEND_LINKS, ip)).toBe(Code.OK);
  });

  it('counts a signed-in user across addresses, and leaves another user on the same address alone', async () => {
    const clock = useMovableClock();
    const user = await createUser(t.database.db);
    const token = await loginAs(t.database.db, user.id);
    const otherToken = await loginAs(t.database.db, (await createUser(t.database.db)).id);
    // The session's first request is counted on the session (the server does not know whose it is yet).
    expect(await get(AccountPath.userInfo, nextIp(), token)).toBe(Code.OK);
    const codes: number[] = [];
    for (let index = 0; index < 5; index++) codes.push(await get(AccountPath.userInfo, nextIp(), token));
    expect(codes).toEqual([200, 200, 200, 200, Code.SERVER_BUSY]);
    const sharedIp = nextIp();
    expect(await get(AccountPath.userInfo, sharedIp, otherToken)).toBe(Code.OK);
    expect(await get(AccountPath.userInfo, sharedIp, token)).toBe(Code.SERVER_BUSY);
    clock.advance(61_000);
    expect(await get(AccountPath.userInfo, nextIp(), token)).toBe(Code.OK);
  });

  it('counts every session of a user as the user once each has been seen', async () => {
    const clock = useMovableClock();
    const user = await createUser(t.database.db);
    const first = await loginAs(t.database.db, user.id);
    const second = await loginAs(t.database.db, user.id);
    // Each session's first request is what teaches the server whose it is.
    expect(await get(AccountPath.userInfo, nextIp(), first)).toBe(Code.OK);
    expect(await get(AccountPath.userInfo, nextIp(), second)).toBe(Code.OK);
    clock.advance(61_000);
    const codes: number[] = [];
    for (const token of [first, second, first, second, first])
      codes.push(await get(AccountPath.userInfo, nextIp(), token));
    expect(codes).toEqual([200, 200, 200, 200, Code.SERVER_BUSY]);
  });

  it('answers 650 while a user has its cap of requests in flight, from any address', async () => {
    const user = await createUser(t.database.db);
    const token = await loginAs(t.database.db, user.id);
    expect(await get(AccountPath.userInfo, nextIp(), token)).toBe(Code.OK);
    const held = [0, 1].map(() => t.request({ method: 'GET', url: HOLD_PATH, headers: fromIp(nextIp()), token }));
    await hold.arrived(2);
    expect(await get(AccountPath.userInfo, nextIp(), token)).toBe(Code.SERVER_BUSY);
    hold.open();
    await Promise.all(held);
  });

  it('answers 650 to a search beyond the searches an address may run at once, while its other calls go through', async () => {
    const ip = nextIp();
    let release!: () => void;
    searches.held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const search = () =>
      t.request({
        method: 'POST',
        url: KeywordPath.search,
        body: { platform: 'DSO', keyword: '口红' },
        headers: fromIp(ip),
      });
    try {
      const running = [search(), search()];
      await vi.waitFor(() => expect(searches.waiting).toBe(2));
      expect((await search()).json().code).toBe(Code.SERVER_BUSY);
      expect(await get(FRIEND_LINKS, ip)).toBe(Code.OK);
      searches.held = null;
      release();
      expect((await Promise.all(running)).map((response) => response.json().code)).toEqual([200, 200]);
    } finally {
      searches.held = null;
      release();
    }
  });

  it('answers a refused call only after the refusal delay, without holding up anyone else', async () => {
    const delayed = await createTestApp({
      config: { requestLimits: limits({ address: { ...roomy, perMinute: 1 }, refusalDelayMs: 2_000 }) },
    });
    try {
      const ip = nextIp();
      const codeOf = async (from: string) =>
        (await delayed.request({ method: 'GET', url: FRIEND_LINKS, headers: fromIp(from) })).json().code;
      expect(await codeOf(ip)).toBe(Code.OK);
      const started = performance.now();
      let refusedAfter = 0;
      const refused = codeOf(ip).then((code) => {
        refusedAfter = performance.now() - started;
        return code;
      });
      expect(await codeOf(nextIp())).toBe(Code.OK);
      const otherAfter = performance.now() - started;
      expect(await refused).toBe(Code.SERVER_BUSY);
      // The delay is spread over 1–3 s (refusalWait).
      expect(refusedAfter).toBeGreaterThanOrEqual(1_000);
      expect(otherAfter).toBeLessThan(refusedAfter);
    } finally {
      await delayed.close();
    }
  }, 180_000);

  it('never limits vendor callbacks', async () => {
    const ip = nextIp();
    await getMany(5, ip);
    expect(await get(FRIEND_LINKS, ip)).toBe(Code.SERVER_BUSY);
    const callback = await t.app.inject({ method: 'GET', url: '/api/callback/wechat', headers: fromIp(ip) });
    expect(callback.json().code).not.toBe(Code.SERVER_BUSY);
  });
});

const reachable = await isRedisReachable();

describe.skipIf(!reachable)('request limits shared through Redis', () => {
  // Two instances on one database, each with its own Redis connection; a prefix of this run's own
  // keeps earlier runs' counters away.
  const keyPrefix = `dso-test:${randomBytes(4).toString('hex')}:`;
  const stores = [0, 1].map(() => createRedisRateLimitStore({ url: testRedisUrl, keyPrefix }));
  let database: DatabaseHandle;
  let instances: FastifyInstance[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    const config: AppConfig = {
      ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: '127.0.0.1', REDIS_URL: testRedisUrl }),
      requestLimits: limits({
        address: { inFlight: 100, searchesInFlight: 100, perMinute: 3, perHour: 1000 },
        user: { inFlight: 100, searchesInFlight: 100, perMinute: 3, perHour: 1000 },
      }),
    };
    // The store fails at once while it has no connection (the app's own sits behind a breaker; these do not).
    await Promise.all(stores.map((store) => store.untilReady()));
    for (const store of stores) {
      const app = await buildApp({ config, database, logger: false, requestLimitStore: store });
      await app.ready();
      instances.push(app);
    }
  }, 180_000);
  afterAll(async () => {
    for (const app of instances) await app.close();
    instances = [];
    await Promise.all(stores.map((store) => store.close()));
    await database?.close();
  });

  const codeOn = async (index: number, url: string, ip: string, token?: string) => {
    const options = signedInjectOptions({ method: 'GET', url, headers: fromIp(ip), ...(token ? { token } : {}) });
    return (await instances[index]!.inject(options)).json().code;
  };

  it('counts an address over both instances', async () => {
    const ip = randomIp();
    const codes = [];
    for (const index of [0, 1, 0, 1]) codes.push(await codeOn(index, FRIEND_LINKS, ip));
    expect(codes).toEqual([200, 200, 200, Code.SERVER_BUSY]);
  });

  it('counts a user over both instances and any addresses', async () => {
    const user = await createUser(database.db);
    const token = await loginAs(database.db, user.id);
    // Each instance learns whose the session is from its first request (counted on the session).
    const codes = [];
    for (const index of [0, 1]) codes.push(await codeOn(index, AccountPath.userInfo, randomIp(), token));
    for (const index of [0, 1, 0, 1]) codes.push(await codeOn(index, AccountPath.userInfo, randomIp(), token));
    expect(codes).toEqual([200, 200, 200, 200, 200, Code.SERVER_BUSY]);
  });
});

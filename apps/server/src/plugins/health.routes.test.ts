import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { lastShippedMigration } from '../db/migrations';
import { isRedisReachable, testRedisUrl } from '../lib/rate-limit/redis-reachable';
import { createTestApp, type TestApp, type TestAppOptions } from '../testing';
import { HEALTHZ_PATH, READYZ_PATH } from './health';

const redisReachable = await isRedisReachable();
/** Tests that build an app of their own (seconds each, more on PostgreSQL or a busy machine) get the hooks' limit. */
const APP_TEST_MS = 60_000;

/** Apps on a database of their own, built with the health options the shared suite app cannot take. */
const opened: TestApp[] = [];
async function openApp(options: Pick<TestAppOptions, 'config' | 'health'> = {}) {
  const own = await createTestApp(options);
  opened.push(own);
  return own;
}
afterAll(async () => {
  await Promise.all(opened.map((own) => own.close()));
});

/** An app whose database has been closed (one for both suites: each app costs seconds). */
let closedApp: Promise<TestApp> | undefined;
const openClosedApp = () => {
  closedApp ??= createTestApp().then(async (own) => {
    await own.database.close();
    // Its database is closed already: only the app is left to close.
    opened.push({ ...own, close: () => own.app.close() });
    return own;
  });
  return closedApp;
};

describe('GET /healthz', () => {
  it(
    'answers ok without asking the database, even when it is closed',
    async () => {
      const { app } = await openClosedApp();
      const execute = vi.spyOn(app.db, 'execute');
      const response = await app.inject({ method: 'GET', url: HEALTHZ_PATH });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
      expect(execute).not.toHaveBeenCalled();
      execute.mockRestore();
    },
    APP_TEST_MS,
  );
});

describe('GET /readyz', () => {
  let ready: TestApp;
  beforeAll(async () => {
    ready = await openApp({
      // Limits on and tiny: the health paths must not count against them.
      config: {
        requestLimits: {
          address: { inFlight: 1, searchesInFlight: 1, perMinute: 2, perHour: 1_000 },
          user: { inFlight: 1, searchesInFlight: 1, perMinute: 2, perHour: 1_000 },
          refusalDelayMs: 0,
        },
      },
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('answers ready on a freshly migrated database, naming each check', async () => {
    const response = await ready.app.inject({ method: 'GET', url: READYZ_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } });
  });

  it('needs no signature, ignores a dead token and is never limited', async () => {
    for (let call = 0; call < 6; call++) {
      const response = await ready.app.inject({
        method: 'GET',
        url: READYZ_PATH,
        headers: { authorization: 'Bearer not-a-session' },
      });
      expect(response.statusCode, `call ${call + 1}`).toBe(200);
    }
    // The same client still has its two /api calls of the minute, and is refused the third.
    const statuses = [];
    for (let call = 0; call < 3; call++) {
      statuses.push((await ready.app.inject({ method: 'GET', url: '/api/web/time' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 503]);
  });

  it('answers 503 naming the database when a query throws', async () => {
    vi.spyOn(ready.app.db, 'execute').mockRejectedValue(new Error('connection refused'));
    const response = await ready.app.inject({ method: 'GET', url: READYZ_PATH });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'unavailable',
      failed: ['database'],
      checks: { database: 'failed', migrations: 'skipped' },
    });
    // Nothing of the error is told to whoever asks.
    expect(response.body).not.toContain('refused');
  });

  it(
    'answers 503 naming the database when the database is closed',
    async () => {
      const { app } = await openClosedApp();
      const response = await app.inject({ method: 'GET', url: READYZ_PATH });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ failed: ['database'], checks: { database: 'failed' } });
    },
    APP_TEST_MS,
  );

  it(
    'answers 503 when the database does not answer within the time limit',
    async () => {
      const { app } = await openApp({ health: { checkTimeoutMs: 50 } });
      vi.spyOn(app.db, 'execute').mockReturnValue(new Promise(() => undefined) as never);
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url: READYZ_PATH });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ failed: ['database'], checks: { database: 'timeout' } });
      expect(performance.now() - started).toBeLessThan(1_000);
    },
    APP_TEST_MS,
  );

  it(
    'answers 503 naming the migrations when the code ships one the database lacks',
    async () => {
      const last = await lastShippedMigration();
      const { app } = await openApp({
        health: { expectedMigration: { tag: '9999_not_applied', when: last.when + 1 } },
      });
      const response = await app.inject({ method: 'GET', url: READYZ_PATH });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        failed: ['migrations'],
        checks: { database: 'ok', migrations: 'behind' },
      });
    },
    APP_TEST_MS,
  );

  it(
    'answers 503 while the server drains, so the load balancer stops sending traffic',
    async () => {
      const { app } = await openApp();
      expect((await app.inject({ method: 'GET', url: READYZ_PATH })).statusCode).toBe(200);
      await app.drainRequests(0);
      const response = await app.inject({ method: 'GET', url: READYZ_PATH });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'unavailable', failed: ['draining'] });
      // Still alive: a liveness probe must not have it restarted mid-shutdown.
      expect((await app.inject({ method: 'GET', url: HEALTHZ_PATH })).statusCode).toBe(200);
    },
    APP_TEST_MS,
  );

  it(
    'reports Redis as degraded, not unready, when REDIS_URL names one that does not answer',
    async () => {
      const { app } = await openApp({ config: { redisUrl: 'redis://127.0.0.1:1' } });
      const response = await app.inject({ method: 'GET', url: READYZ_PATH });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: 'degraded',
        checks: { database: 'ok', migrations: 'ok', redis: 'failed' },
      });
    },
    APP_TEST_MS,
  );

  it.runIf(redisReachable)(
    'checks Redis with a PING when REDIS_URL is set',
    async () => {
      const { app } = await openApp({ config: { redisUrl: testRedisUrl } });
      const response = await app.inject({ method: 'GET', url: READYZ_PATH });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'ok' } });
    },
    APP_TEST_MS,
  );
});

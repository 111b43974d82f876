import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import { AccountPath, Code, defaultMessages, KeywordPath } from '@dso/contract';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, TRANSACTION_RETRIES } from '../db/client';
import {
  createAccountTestApp,
  encryptPassword,
  fromIp,
  newPuzzle,
  requestCode,
  sendAndReadCode,
} from '../features/account/account.testing';
import { signDccToken } from '../features/account/login/dcc.service';
import { hashPassword } from '../features/account/login/password.service';
import { isRedisReachable, testRedisUrl } from '../lib/rate-limit/redis-reachable';
import { createTestApp, createUser, randomIp, randomPhone, type TestApp } from '../testing';

const redisReachable = await isRedisReachable();

/** Raises an error with the given SQLSTATE inside the database, so the driver and drizzle wrap it as they would. */
const raise = (sqlState: string, message = `simulated ${sqlState}`) =>
  sql.raw(`DO $$ BEGIN RAISE EXCEPTION '${message}' USING ERRCODE = '${sqlState}'; END $$`);

/** PostgreSQL's refusal of a new session to a database under ALLOW_CONNECTIONS false. */
const closedDatabaseMessage = 'database "dso" is not currently accepting connections';

const busy = { code: Code.SERVER_BUSY, msg: defaultMessages[Code.SERVER_BUSY], data: null };

function expectBusy(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(503);
  expect(response.json()).toEqual(busy);
}

describe('backend outages answer 650 (刷新试试), not 500', () => {
  let t: TestApp;
  let closedPortPool: pg.Pool;
  const runs = { conflictTwice: 0, conflictAlways: 0 };
  beforeAll(async () => {
    // Nothing listens on port 1: connecting fails the way an unreachable database server does.
    closedPortPool = new pg.Pool({ connectionString: 'postgres://postgres@localhost:1/none', max: 1 });
    closedPortPool.on('error', () => undefined);
    t = await createTestApp({
      extend: (app) => {
        app.get('/api/test/raise/:state', async (request) => {
          await app.db.execute(raise((request.params as { state: string }).state));
          return null;
        });
        app.get('/api/test/closed-database', async () => {
          await app.db.execute(raise('55000', closedDatabaseMessage));
          return null;
        });
        app.get('/api/test/unreachable-database', async () => {
          await drizzle({ client: closedPortPool }).execute(sql`select 1`);
          return null;
        });
        app.get('/api/test/conflict-twice', async () => {
          const result = await app.db.transaction(async (tx) => {
            runs.conflictTwice++;
            if (runs.conflictTwice <= 2) await tx.execute(raise('40001'));
            return runs.conflictTwice;
          });
          return { code: Code.OK, msg: '', data: { runs: result } };
        });
        app.get('/api/test/conflict-always', async () => {
          await app.db.transaction(async (tx) => {
            runs.conflictAlways++;
            await tx.execute(raise('40P01'));
          });
          return null;
        });
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await closedPortPool.end();
  });

  it.each([
    ['57P01', 'a terminated backend (admin shutdown)'],
    ['08006', 'a connection failure'],
    ['08003', 'a connection that no longer exists'],
    ['53300', 'too many connections'],
    ['57P03', 'a server that cannot accept connections yet'],
    ['57P04', 'a database dropped while connecting'],
  ])('answers a query failing with %s (%s) with 650 and HTTP 503', async (state) => {
    expectBusy(await t.request({ method: 'GET', url: `/api/test/raise/${state}` }));
  });

  it('answers a database closed to connections (55000, not currently accepting connections) with 650', async () => {
    expectBusy(await t.request({ method: 'GET', url: '/api/test/closed-database' }));
  });

  it.each([
    ['42P01', 'a genuine query bug'],
    ['55000', 'a statement in the wrong state'],
    ['3D000', 'a configured database that does not exist'],
    ['28000', 'a login refused by pg_hba.conf'],
    ['28P01', 'a wrong password'],
  ])('still answers %s (%s) with 500', async (state) => {
    const response = await t.request({ method: 'GET', url: `/api/test/raise/${state}` });
    expect(response.statusCode).toBe(500);
    expect(response.json().code).toBe(Code.SERVER_ERROR);
  });

  it('answers an unreachable database server with 650', async () => {
    expectBusy(await t.request({ method: 'GET', url: '/api/test/unreachable-database' }));
  });

  it('runs a transaction that meets a serialization failure twice a third time and answers it', async () => {
    const response = await t.request({ method: 'GET', url: '/api/test/conflict-twice' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ runs: 3 });
    expect(runs.conflictTwice).toBe(3);
  });

  it('gives up on a deadlock that keeps coming back after a bounded number of runs, with 650', async () => {
    expectBusy(await t.request({ method: 'GET', url: '/api/test/conflict-always' }));
    expect(runs.conflictAlways).toBe(TRANSACTION_RETRIES + 1);
  });
});

/**
 * A TCP proxy in front of the test Redis that the test cuts and restores, as a network outage would:
 * cut, its port refuses connections and every open one is reset. The shared Redis itself is never touched.
 */
async function redisProxy(target: string) {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let listenPort = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      const listening = createServer((client) => {
        const upstream = connect(Number(port || 6379), hostname);
        const end = () => {
          client.destroy();
          upstream.destroy();
        };
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', end).on('close', () => {
            sockets.delete(socket);
            end();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server = listening;
      listening.listen(listenPort, '127.0.0.1', () => {
        listenPort = (listening.address() as AddressInfo).port;
        resolve();
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (server) server.close(() => resolve());
      else resolve();
      server = null;
    });
  await open();
  return { url: `redis://127.0.0.1:${listenPort}`, open, cut };
}

describe.skipIf(!redisReachable)('Redis down: first answer under 100 ms and a login that works', () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof redisProxy>>;
  let redis: Redis;
  const PASSWORD = 'Correct123';
  /** Whether the shared limits hold a counter ending in `part` (an address or a phone; matched whole). */
  const inRedis = async (part: string) => (await redis.keys(`dso:rl:*:${part}`)).length > 0;

  beforeAll(async () => {
    proxy = await redisProxy(testRedisUrl);
    redis = new Redis(testRedisUrl);
    const roomy = { inFlight: 1000, searchesInFlight: 1000, perMinute: 100_000, perHour: 1_000_000 };
    // Every call's admission, and the accounts' counters, go through the proxy.
    t = await createAccountTestApp({
      config: { redisUrl: proxy.url, requestLimits: { address: roomy, user: roomy, refusalDelayMs: 0 } },
    });
  });
  afterAll(async () => {
    await t.close();
    await proxy.cut();
    redis.disconnect();
  });

  it('counts in Redis while it is up', async () => {
    const ip = randomIp();
    await newPuzzle(t, ip);
    expect(await inRedis(ip)).toBe(true);
  });

  it('answers the first call within 100 ms once Redis is cut, and logs in by password, SMS code and hand-over', async () => {
    await proxy.cut();
    const ip = randomIp();
    // The first step of a code login: the address's block is read from the accounts' store, and the call
    // is admitted through the request limits' store; with no captcha yet the answer is 660.
    const started = performance.now();
    const first = await requestCode(t, { phone: randomPhone(), ip, captcha: null });
    const firstMs = performance.now() - started;
    expect(first.json().code).toBe(Code.CAPTCHA_REQUIRED);
    expect(firstMs).toBeLessThan(100);
    expect((await t.request({ method: 'GET', url: AccountPath.captchaNew, headers: fromIp(ip) })).json().code).toBe(
      Code.OK,
    );

    const withPassword = await createUser(t.database.db, { passwordHash: await hashPassword(PASSWORD) });
    const byPassword = await t.request({
      method: 'POST',
      url: AccountPath.login,
      body: { phone: withPassword.phone, pwd: await encryptPassword(t, PASSWORD) },
      headers: fromIp(ip),
    });
    expect(byPassword.json()).toMatchObject({ code: Code.OK, msg: '登录成功' });

    const phone = randomPhone();
    const code = await sendAndReadCode(t, { phone, ip });
    const byCode = await t.request({
      method: 'POST',
      url: AccountPath.fastLogin,
      body: { phone, code },
      headers: fromIp(ip),
    });
    expect(byCode.json()).toMatchObject({ code: Code.OK });
    expect(byCode.json().data.token).toEqual(expect.any(String));

    const handover = signDccToken(t.app.config.dccSharedSecret, { phone: randomPhone(), exp: Date.now() / 1000 + 60 });
    const byHandover = await t.request({
      method: 'GET',
      url: `${AccountPath.dccLogin}?token=${encodeURIComponent(handover)}`,
      headers: fromIp(ip),
    });
    expect(byHandover.json()).toMatchObject({ code: Code.OK, msg: '登录成功' });

    // Counted in this process meanwhile: nothing of this address or phone reached Redis.
    expect(await inRedis(ip)).toBe(false);
    expect(await inRedis(phone)).toBe(false);
  });

  it('counts in Redis again once it is back', async () => {
    await proxy.open();
    const deadline = Date.now() + 5_000;
    let ip = randomIp();
    await newPuzzle(t, ip);
    while (!(await inRedis(ip))) {
      if (Date.now() > deadline) throw new Error('the limits did not return to Redis within 5 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
      ip = randomIp();
      await newPuzzle(t, ip);
    }
    const phone = randomPhone();
    await sendAndReadCode(t, { phone, ip });
    expect(await inRedis(phone)).toBe(true);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('PostgreSQL killing connections under load', () => {
  let t: TestApp;
  let admin: pg.Client;
  let databaseName: string;
  beforeAll(async () => {
    t = await createTestApp({
      extend: (app) => {
        // A query that is still running when its backend is terminated, as a real request would be.
        app.get('/api/test/slow', async () => {
          await app.db.execute(sql`select pg_sleep(0.03)`);
          return { code: Code.OK, msg: '', data: null };
        });
      },
    });
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const [row] = await queryRows<{ name: string }>(t.app.db, sql`select current_database() as name`);
    databaseName = row?.name ?? '';
  });
  afterAll(async () => {
    await admin.end();
    await t.close();
  });

  const terminateBackends = () =>
    admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [databaseName],
    );
  // Each caller its own address: the per-address request limits are not what this test is about.
  const call = (url: string, caller: number) =>
    t.request({ method: 'GET', url, headers: { 'x-forwarded-for': `10.8.0.${caller + 1}` } });

  it('answers no 500 while backends are terminated, and serves again within a second', async () => {
    const statuses: number[] = [];
    const codes: number[] = [];
    let killing = true;
    const killer = (async () => {
      for (let round = 0; round < 5; round++) {
        // Terminate only once the callers have had answers since the last round, so every round hits live queries.
        const seen = codes.length;
        while (codes.length < seen + 10) await new Promise((resolve) => setTimeout(resolve, 5));
        await terminateBackends();
      }
      killing = false;
    })();
    await Promise.all(
      Array.from({ length: 20 }, async (_, caller) => {
        while (killing) {
          const response = await call('/api/test/slow', caller);
          statuses.push(response.statusCode);
          codes.push(response.json().code);
        }
      }),
    );
    await killer;
    expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
    expect(codes.filter((code) => code !== Code.OK && code !== Code.SERVER_BUSY)).toEqual([]);
    // The terminations did hit running queries: some callers were told to try again.
    expect(codes).toContain(Code.SERVER_BUSY);

    const stoppedAt = Date.now();
    let recovered = (await call(KeywordPath.countries, 0)).json().code === Code.OK;
    while (!recovered && Date.now() - stoppedAt < 1000) {
      recovered = (await call(KeywordPath.countries, 0)).json().code === Code.OK;
    }
    expect(recovered).toBe(true);
    expect(Date.now() - stoppedAt).toBeLessThan(1000);
  });

  it('answers 650 with HTTP 503, never 500, while its database refuses connections (55000), and 200 once it takes them again', async () => {
    const statuses: number[] = [];
    await admin.query(`ALTER DATABASE "${databaseName}" ALLOW_CONNECTIONS false`);
    try {
      // Sessions already open stay open under ALLOW_CONNECTIONS false: end them, so every call needs a new one.
      await terminateBackends();
      const until = Date.now() + 500;
      await Promise.all(
        Array.from({ length: 10 }, async (_, caller) => {
          while (Date.now() < until) {
            const response = await call('/api/test/slow', caller);
            statuses.push(response.statusCode);
            if (response.statusCode !== 200) expectBusy(response);
          }
        }),
      );
    } finally {
      await admin.query(`ALTER DATABASE "${databaseName}" ALLOW_CONNECTIONS true`);
    }
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status !== 503)).toEqual([]);
    const back = await call('/api/test/slow', 0);
    expect(back.statusCode).toBe(200);
    expect(back.json().code).toBe(Code.OK);
  });
});

import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { Code } from '@dso/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase, signedInjectOptions } from '../testing';
import { maskText } from './log-masking';

const phone = '13812345678';
const tokenHash = createHash('sha256').update('a session token').digest('hex');

describe('what the logs keep of users', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  const lines: Array<Record<string, unknown>> = [];
  const logText = () => JSON.stringify(lines);

  beforeAll(async () => {
    database = await createTestDatabase();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', REQUEST_LIMITS: 'false' }),
      database,
      logger: { level: 'info', stream },
    });
    app.get('/api/test/failing-lookup', async (request) => {
      const { who } = request.query as { who: string };
      // A query that fails with user input among its parameters: drizzle repeats them in its message.
      await app.db.execute(sql`select * from no_such_table where phone = ${who} and token_hash = ${tokenHash}`);
      return null;
    });
    app.get('/api/test/outage', async () => {
      await app.db.execute(sql.raw(`DO $$ BEGIN RAISE EXCEPTION 'terminated' USING ERRCODE = '57P01'; END $$`));
      return null;
    });
    // Outside /api: no signature or session check stands between the request and its log line.
    app.get('/test/log-headers', async (request) => {
      request.log.info({ headers: request.headers }, 'headers seen');
      return { code: Code.OK, msg: '', data: null };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('logs a failed query at error level without the phone number or the token hash it carried', async () => {
    const response = await app.inject(
      signedInjectOptions({ method: 'GET', url: `/api/test/failing-lookup?who=${phone}` }),
    );
    expect(response.json().code).toBe(Code.SERVER_ERROR);
    const failure = lines.find((line) => line.level === 50);
    expect(failure).toBeDefined();
    // The failure is still diagnosable: which statement, and the database's own reason.
    expect(JSON.stringify(failure)).toContain('no_such_table');
    expect(logText()).not.toContain(phone);
    expect(logText()).not.toContain(tokenHash);
    expect(logText()).toContain('138****5678');
  });

  it('logs an outage at warn level, not as an unhandled error', async () => {
    lines.length = 0;
    const response = await app.inject(signedInjectOptions({ method: 'GET', url: '/api/test/outage' }));
    expect(response.json().code).toBe(Code.SERVER_BUSY);
    expect(lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
    expect(lines.some((line) => line.level === 40 && String(line.msg).includes('unavailable'))).toBe(true);
  });

  it('keeps credentials out of logged request headers', async () => {
    lines.length = 0;
    await app.inject({
      method: 'GET',
      url: '/test/log-headers',
      headers: { authorization: 'secret-session-token', cookie: 'sid=secret-cookie', 'x-dso-sign': 'secret-sign' },
    });
    const logged = lines.find((line) => line.msg === 'headers seen') as { headers: Record<string, string> };
    expect(logged.headers.authorization).toBe('[redacted]');
    expect(logged.headers.cookie).toBe('[redacted]');
    expect(logged.headers['x-dso-sign']).toBe('[redacted]');
    expect(logText()).not.toContain('secret-session-token');
    expect(logText()).not.toContain('secret-cookie');
    expect(logText()).not.toContain('secret-sign');
  });
});

describe('masking text', () => {
  it('masks mainland mobile numbers, with or without 86, but not longer digit runs', () => {
    expect(maskText('phone 13812345678 or +8613912345678')).toBe('phone 138****5678 or +86139****5678');
    expect(maskText('order 2024138123456789')).toBe('order 2024138123456789');
  });

  it('shortens hex digests to a prefix that still tells two apart', () => {
    expect(maskText(`hash ${tokenHash}`)).toBe(`hash ${tokenHash.slice(0, 6)}…`);
  });

  it("hides drizzle's parameter list", () => {
    expect(maskText('Failed query: select $1\nparams: 张三,13812345678')).toBe(
      'Failed query: select $1\nparams: [hidden]',
    );
  });
});

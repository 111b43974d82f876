import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { AccountPath, Code, KeywordPath, OrderPath } from '@dso/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { encryptPassword } from '../features/account/account.testing';
import { hashPassword } from '../features/account/login/password.service';
import { upsertKeywords } from '../features/keywords/import/keyword-ingest.repository';
import { keywordInput } from '../features/keywords/keyword.fixtures';
import { refreshGramStats } from '../features/keywords/search/keyword-search.repository';
import { createUser, type SignedRequest, signedInjectOptions, type TestApp } from '../testing';
import { orderRow } from '../testing/orders';
import { createServerDatabase } from '../testing/ports';
import { orders } from './schema';

const run = promisify(execFile);
const serverUrl = process.env.TEST_DATABASE_URL;
const PASSWORD = 'Backup123';

/*
 * docs/scale.md, "Backup and restore": a database in use (a member who logged in, searched and has an order) is dumped
 * with pg_dump -Fc, restored with pg_restore into a fresh database, and a server started on the copy passes a smoke
 * test: ready, the member logs in with the same password, the search finds the same rows, the order is as it was.
 */
describe.skipIf(!serverUrl)(
  `backup and restore${serverUrl ? '' : ' (skipped: PostgreSQL only, set TEST_DATABASE_URL)'}`,
  () => {
    const cleanups: Array<() => Promise<unknown>> = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    }, 60_000);

    const startApp = async (databaseUrl: string) => {
      const config = {
        ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', REQUEST_LIMITS: 'false' }),
        databaseUrl,
      };
      // Opened and migrated from the configuration, as a production start does.
      const app = await buildApp({ config, logger: false });
      await app.ready();
      return app;
    };
    const client = (app: FastifyInstance) => {
      const request = (options: SignedRequest) => app.inject(signedInjectOptions(options));
      return {
        request,
        login: async (phone: string) =>
          (
            await request({
              method: 'POST',
              url: AccountPath.login,
              body: { phone, pwd: await encryptPassword({ request } as TestApp, PASSWORD) },
            })
          ).json(),
        search: async (token: string, keyword: string) =>
          (
            await request({ method: 'POST', url: KeywordPath.search, body: { platform: 'DSO', keyword }, token })
          ).json(),
        orders: async (token: string) =>
          (
            await request({ method: 'POST', url: OrderPath.orderList, body: { page_no: 1, page_size: 10 }, token })
          ).json(),
      };
    };

    it('restores a dump into a fresh database that a new server serves as before', async () => {
      const source = await createServerDatabase(serverUrl as string, 'backup');
      cleanups.push(source.drop);
      const folder = await mkdtemp(path.join(tmpdir(), 'dso-backup-'));
      cleanups.push(() => rm(folder, { recursive: true, force: true }));

      // The database in use.
      const app = await startApp(source.url);
      let closeApp: (() => Promise<unknown>) | null = () => app.close();
      cleanups.push(() => closeApp?.() ?? Promise.resolve());
      await upsertKeywords(app.db, [
        keywordInput('备份恢复词', 9_000),
        keywordInput('备份恢复测试', 6_000),
        keywordInput('口红', 3_000),
      ]);
      await refreshGramStats(app.db, { platform: 'DSO', country: '' });
      const member = await createUser(app.db, { grade: 'VIP', passwordHash: await hashPassword(PASSWORD) });
      await app.db
        .insert(orders)
        .values(orderRow({ id: 'DSO202611290001', userId: member.id, expiresAt: new Date(Date.now() + 15 * 60_000) }));
      const before = client(app);
      const login = await before.login(member.phone);
      expect(login.code).toBe(Code.OK);
      const searched = await before.search(login.data.token, '备份恢复');
      expect(searched.code).toBe(Code.OK);
      const orderList = await before.orders(login.data.token);
      expect(orderList.data.list).toHaveLength(1);
      await app.close();
      closeApp = null;

      // The backup and the restore, as docs/scale.md gives them.
      const dump = path.join(folder, 'dso.dump');
      await run('pg_dump', ['--format=custom', '--file', dump, source.url], { timeout: 60_000 });
      const restored = await createServerDatabase(serverUrl as string, 'restored');
      cleanups.push(restored.drop);
      await run('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', restored.url, dump], { timeout: 60_000 });

      // A server on the copy.
      const copy = await startApp(restored.url);
      cleanups.push(() => copy.close());
      expect((await copy.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      const after = client(copy);
      const again = await after.login(member.phone);
      expect(again.code).toBe(Code.OK);
      expect(again.data.user_id).toBe(member.id);
      const found = await after.search(again.data.token, '备份恢复');
      expect(found.code).toBe(Code.OK);
      expect(found.data.result.map((row: { keyword: string }) => row.keyword)).toEqual(['备份恢复词', '备份恢复测试']);
      expect(found.data.result).toEqual(searched.data.result);
      expect((await after.orders(again.data.token)).data).toEqual(orderList.data);
      // The session made before the backup is in the copy too.
      expect((await after.orders(login.data.token)).code).toBe(Code.OK);
    }, 90_000);
  },
);

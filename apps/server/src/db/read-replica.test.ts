import { Code, CreatorPath, KeywordPath, VideoPath } from '@dso/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { upsertKeywords } from '../features/keywords/import/keyword-ingest.repository';
import { keywordInput } from '../features/keywords/keyword.fixtures';
import { refreshGramStats } from '../features/keywords/search/keyword-search.repository';
import { createMember, signedInjectOptions } from '../testing';
import { postgresBinaries, type ReplicaClusters, startReplicaClusters } from '../testing/replica-clusters';
import { createCreator, createVideo } from '../testing/videos';
import { type DatabaseHandle, openDatabase, queryRows } from './client';

const binaries = postgresBinaries();
const SEARCH_COUNT = 'KEYWORD_LIBRARY_SEARCH_COUNT_DAY';

/*
 * READ_DATABASE_URL on the two-cluster setup of scripts/topology.sh (a primary made with initdb, a replica made with
 * pg_basebackup -R): the replica's replay is paused, a keyword is written to the primary, and a search that does not
 * find it was served by the replica; the same search's charge and history are on the primary.
 */
describe.skipIf(!binaries)(
  `reads from a streaming replica${binaries ? '' : ' (skipped: no PostgreSQL binaries under /usr/lib/postgresql/*/bin or PG_BIN)'}`,
  () => {
    let clusters: ReplicaClusters;
    let database: DatabaseHandle;
    let app: FastifyInstance;
    let replica: pg.Client;

    beforeAll(async () => {
      clusters = await startReplicaClusters();
      database = await openDatabase({ url: clusters.primaryUrl });
      await database.migrate();
      const config = {
        ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', REQUEST_LIMITS: 'false' }),
        databaseUrl: clusters.primaryUrl,
        readDatabaseUrl: clusters.replicaUrl,
      };
      app = await buildApp({ config, database, logger: false });
      await app.ready();
      replica = new pg.Client({ connectionString: clusters.replicaUrl });
      await replica.connect();
    }, 90_000);

    afterAll(async () => {
      await replica?.end();
      await app?.close();
      await database?.close();
      await clusters?.stop();
    }, 60_000);

    const search = async (token: string, keyword: string) =>
      (
        await app.inject(
          signedInjectOptions({
            method: 'POST',
            url: KeywordPath.search,
            body: { platform: 'DSO', keyword, history_type: 'keyword' },
            token,
          }),
        )
      ).json();
    const inRecovery = async (db: typeof app.db) =>
      (await queryRows<{ recovering: boolean }>(db, sql`SELECT pg_is_in_recovery() AS recovering`))[0]?.recovering;

    it('gives the app a read handle on the replica and keeps its own on the primary', async () => {
      expect(await inRecovery(app.readDb)).toBe(true);
      expect(await inRecovery(app.db)).toBe(false);
    });

    it('serves a search from the replica and writes its charge and history to the primary', async () => {
      await upsertKeywords(database.db, [keywordInput('复制甲号词', 5_000)]);
      await refreshGramStats(database.db, { platform: 'DSO', country: '' });
      await clusters.caughtUp();
      const { user, token } = await createMember(database.db, { grade: 'FREE' });
      await clusters.caughtUp();

      await replica.query('SELECT pg_wal_replay_pause()');
      try {
        await upsertKeywords(database.db, [keywordInput('复制乙号词', 7_000)]);
        const onPrimary = await queryRows<{ keyword: string }>(
          database.db,
          sql`SELECT keyword FROM keywords WHERE keyword = '复制乙号词'`,
        );
        expect(onPrimary).toHaveLength(1);

        const paused = await search(token, '乙号词');
        expect(paused.code).toBe(Code.OK);
        expect(paused.data.result).toEqual([]);
        const found = await search(token, '甲号词');
        expect(found.data.result.map((row: { keyword: string }) => row.keyword)).toEqual(['复制甲号词']);

        // Two searches charged and recorded on the primary; the paused replica has seen neither.
        const ledger = sql`SELECT count(*)::int AS rows FROM usage_ledger WHERE user_id = ${user.id} AND alias = ${SEARCH_COUNT}`;
        const history = sql`SELECT keyword FROM search_history WHERE user_id = ${user.id} ORDER BY keyword`;
        expect((await queryRows<{ rows: number }>(database.db, ledger))[0]?.rows).toBe(2);
        expect((await queryRows<{ keyword: string }>(database.db, history)).map((row) => row.keyword)).toEqual([
          '乙号词',
          '甲号词',
        ]);
        expect((await queryRows<{ rows: number }>(app.readDb, ledger))[0]?.rows).toBe(0);
      } finally {
        await replica.query('SELECT pg_wal_replay_resume()');
      }

      await clusters.caughtUp();
      const replayed = await search(token, '复制乙号');
      expect(replayed.data.result.map((row: { keyword: string }) => row.keyword)).toEqual(['复制乙号词']);
    });

    it('serves the video title search and the creator library from the replica', async () => {
      const list = async (url: string, query: Record<string, string>) =>
        (
          await app.inject(signedInjectOptions({ method: 'GET', url: `${url}?${new URLSearchParams(query)}` }))
        ).json() as { code: number; data: { result: unknown[] } };
      await createVideo(database.db, { desc: '复制丙号视频 的标题' });
      await createCreator(database.db, { nickName: '复制丙号达人' });
      await clusters.caughtUp();

      await replica.query('SELECT pg_wal_replay_pause()');
      try {
        await createVideo(database.db, { desc: '复制丁号视频 的标题' });
        await createCreator(database.db, { nickName: '复制丁号达人' });
        // Written to the primary, not yet replayed: the lists, read on the replica, do not have them.
        expect((await list(VideoPath.search, { keyword: '丁号视频' })).data.result).toHaveLength(0);
        expect((await list(CreatorPath.list, { keyword: '丁号达人' })).data.result).toHaveLength(0);
        expect((await list(VideoPath.search, { keyword: '丙号视频' })).data.result).toHaveLength(1);
        expect((await list(CreatorPath.list, { keyword: '丙号达人' })).data.result).toHaveLength(1);
      } finally {
        await replica.query('SELECT pg_wal_replay_resume()');
      }
      await clusters.caughtUp();
      expect((await list(VideoPath.search, { keyword: '丁号视频' })).data.result).toHaveLength(1);
      expect((await list(CreatorPath.list, { keyword: '丁号达人' })).data.result).toHaveLength(1);
    });

    it('reads the library from the primary when READ_DATABASE_URL is unset', async () => {
      const config = {
        ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', REQUEST_LIMITS: 'false' }),
        databaseUrl: clusters.primaryUrl,
      };
      const primaryOnly = await buildApp({ config, database, logger: false });
      try {
        expect(primaryOnly.readDb).toBe(database.db);
      } finally {
        await primaryOnly.close();
      }
    });
  },
);

import { Code, KeywordPath } from '@dso/contract';
import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../../db/client';
import { createUser, loginAs } from '../../../testing';
import { useTestApp, useTestDatabase } from '../../../testing/route-suite';
import { upsertKeywords } from '../import/keyword-ingest.repository';
import { keywordInput, searchQuery } from '../keyword.fixtures';
import { refreshGramStats, runSearch, type SearchQuery } from './keyword-search.repository';
import { GUEST_ROWS } from './keywords.service';
import { cachedSearch } from './search-cache';

const dso = { platform: 'DSO', country: '' } as const;

describe('the hot search cache', () => {
  const database = useTestDatabase(async () => {
    await upsertKeywords(database.db, [
      keywordInput('口红推荐', 9_000),
      keywordInput('平价口红', 7_000),
      keywordInput('减肥食谱', 5_000),
    ]);
    await refreshGramStats(database.db, dso);
  });

  /** Runs the search through the cache, counting how often the database was asked. */
  const counted = () => {
    let runs = 0;
    const search = (query: SearchQuery) =>
      cachedSearch(database.db, query, () => {
        runs++;
        return runSearch(database.db, query);
      });
    return { search, runs: () => runs };
  };
  const keywords = (result: { rows: Array<{ keyword: string }> }) => result.rows.map((row) => row.keyword);
  /** Until the search is answered from memory (the cache serves once its change notifications are in place). */
  const warm = async (search: (query: SearchQuery) => Promise<unknown>, runs: () => number, query: SearchQuery) => {
    await vi.waitFor(async () => {
      await search(query);
      const before = runs();
      await search(query);
      expect(runs()).toBe(before);
    });
  };

  it('answers a repeated search from memory with the same rows and total', async () => {
    const { search, runs } = counted();
    const query = searchQuery({ words: ['口红'] });
    await warm(search, runs, query);
    const before = runs();
    const cached = await search(query);
    expect(runs()).toBe(before);
    expect(cached).toEqual(await runSearch(database.db, query));
    expect(keywords(cached)).toEqual(['口红推荐', '平价口红']);
  });

  it('keeps searches with another limit, offset, sort or filter apart', async () => {
    const { search, runs } = counted();
    const query = searchQuery({ words: ['口红'] });
    await warm(search, runs, query);
    expect(keywords(await search({ ...query, limit: 1 }))).toEqual(['口红推荐']);
    expect(keywords(await search({ ...query, offset: 1 }))).toEqual(['平价口红']);
    expect(keywords(await search({ ...query, order: 'asc' }))).toEqual(['平价口红', '口红推荐']);
    expect(keywords(await search({ ...query, filters: { index_min: 8_000 } }))).toEqual(['口红推荐']);
  });

  it('shows a keyword upserted after a search was cached, with its new figures and date', async () => {
    const { search, runs } = counted();
    const query = searchQuery({ words: ['口红'] });
    await warm(search, runs, query);
    await upsertKeywords(database.db, [
      keywordInput('口红色号', 8_000, { asOf: '2026-11-21' }),
      keywordInput('平价口红', 9_500, { asOf: '2026-11-21' }),
    ]);
    const after = await search(query);
    expect(keywords(after)).toEqual(['平价口红', '口红推荐', '口红色号']);
    expect(after.rows[0]).toMatchObject({ search_index: 9_500, as_of: '2026-11-21' });
  });

  it('forgets cached searches when the gram statistics are rebuilt', async () => {
    const { search, runs } = counted();
    const query = searchQuery({ words: ['食谱'] });
    await warm(search, runs, query);
    const before = runs();
    await refreshGramStats(database.db, dso);
    await search(query);
    expect(runs()).toBe(before + 1);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'forgets cached searches when another process changes the library',
    async () => {
      const { search, runs } = counted();
      const query = searchQuery({ words: ['减肥'] });
      await warm(search, runs, query);
      const pool = (database.db as unknown as { $client: pg.Pool }).$client;
      const other = await openDatabase({ url: String(pool.options.connectionString) });
      try {
        await upsertKeywords(other.db, [keywordInput('减肥餐', 4_000)]);
      } finally {
        await other.close();
      }
      await vi.waitFor(async () => expect(keywords(await search(query))).toEqual(['减肥食谱', '减肥餐']));
    },
  );
});

describe('searches answered from the cache over HTTP', () => {
  const t = useTestApp({}, async (app) => {
    await upsertKeywords(
      app.database.db,
      Array.from({ length: 15 }, (_, i) => keywordInput(`火锅店${i + 1}号`, 9_000 - i * 100)),
    );
    await refreshGramStats(app.database.db, dso);
  });

  const search = (token?: string) =>
    t.request({ method: 'POST', url: KeywordPath.search, body: { platform: 'DSO', keyword: '火锅' }, token });

  it('still gives each viewer their own row cap, banding and daily count on a repeated search', async () => {
    for (let i = 0; i < 3; i++) {
      const visitor = (await search()).json().data;
      expect(visitor.result).toHaveLength(GUEST_ROWS);
      expect(typeof visitor.result[0].search_index).toBe('string');
    }
    const vip = await loginAs(
      t.database.db,
      (await createUser(t.database.db, { grade: 'VIP', showOriginalData: true })).id,
    );
    const exact = (await search(vip)).json().data;
    expect(exact.result).toHaveLength(15);
    expect(exact.result[0].search_index).toBe(9_000);
    const free = await loginAs(t.database.db, (await createUser(t.database.db, { grade: 'FREE' })).id);
    for (let i = 0; i < 10; i++) expect((await search(free)).json().code).toBe(Code.OK);
    expect((await search(free)).json().code).toBe(Code.NEEDS_UPGRADE);
  });
});

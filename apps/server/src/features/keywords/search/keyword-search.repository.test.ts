import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { gramHash, queryGrams } from '../../../lib/grams';
import { createTestDatabase } from '../../../testing';
import { useTestDatabase } from '../../../testing/route-suite';
import { upsertKeywords } from '../import/keyword-ingest.repository';
import { searchQuery } from '../keyword.fixtures';
import {
  choosePlan,
  countMatches,
  estimateWordMatches,
  prefersOrderedScan,
  refreshGramStats,
  type SearchQuery,
  searchPage,
  selectPage,
  selectSuggestions,
} from './keyword-search.repository';

const dso = { platform: 'DSO', country: '' } as const;

const sample: Array<[string, number]> = [
  ['口红推荐', 9000],
  ['口红色号', 8000],
  ['平价口红', 7000],
  ['口红试色', 6500],
  ['防晒霜推荐', 6000],
  ['减肥食谱', 5000],
  ['减肥餐', 4000],
  ['100%纯棉', 3000],
  ['iPhone 15 评测', 2500],
  ['红烧肉做法', 2000],
  ['上海美食攻略', 1500],
  ['口_红', 1000],
];

/** An estimate as the statistics would give for `word` (its grams all intersected), with the figures given. */
const estimateOf = (word: string, matches: number, scopeSize: number) => ({
  matches,
  gram: 0,
  indexGrams: queryGrams('DSO', word),
  scopeSize,
});

const query = searchQuery;

describe('keyword substring search', () => {
  const database = useTestDatabase(async () => {
    const row = (platform: 'DSO' | 'RSO', keyword: string, searchIndex: number) => ({
      platform,
      country: '',
      keyword,
      searchIndex,
      monthCoverCount: searchIndex * 10,
      // One crowded keyword (3 stars); the rest have few works chasing them (1 star).
      relatedWorkCount: keyword === '口红色号' ? searchIndex * 10 : Math.floor(searchIndex / 10),
      category: null,
      industry: null,
      commerceIntent: false,
      firstSeen: '2026-01-01',
      asOf: '2026-11-20',
      trend: null,
      isDemo: false,
    });
    await upsertKeywords(database.db, [
      ...sample.map(([keyword, index]) => row('DSO', keyword, index)),
      row('RSO', '口红推荐', 99999),
    ]);
    await refreshGramStats(database.db, dso);
  });

  const words = async (q: SearchQuery, plan: 'ordered' | 'grams' | 'browse', walkBudget = 1_000) =>
    (await selectPage(database.db, q, { plan, walkBudget, estimates: [] })).map((row) => row.keyword);

  it('finds one-character matches sorted by search index', async () => {
    expect(await words(query({ words: ['红'] }), 'grams')).toEqual([
      '口红推荐',
      '口红色号',
      '平价口红',
      '口红试色',
      '红烧肉做法',
      '口_红',
    ]);
  });

  it('finds two-character and longer matches', async () => {
    expect(await words(query({ words: ['口红'] }), 'grams')).toEqual(['口红推荐', '口红色号', '平价口红', '口红试色']);
    expect(await words(query({ words: ['口红推荐'] }), 'grams')).toEqual(['口红推荐']);
    expect(await words(query({ words: ['减肥食'] }), 'grams')).toEqual(['减肥食谱']);
  });

  it('answers the same rows whichever plan runs', async () => {
    for (const word of ['红', '口红', '推荐', '美食攻略', 'iphone']) {
      const q = query({ words: [word] });
      expect(await words(q, 'ordered')).toEqual(await words(q, 'grams'));
    }
  });

  it('falls back to the n-gram plan when the walk runs out of budget, with the same answer', async () => {
    // Only the first 3 index entries may be read: not enough to fill a page of 4 口红 rows.
    const q = query({ words: ['口红'], limit: 4 });
    expect(await words(q, 'ordered', 3)).toEqual(['口红推荐', '口红色号', '平价口红', '口红试色']);
    expect(await words({ ...q, offset: 1, limit: 2 }, 'ordered', 100)).toEqual(['口红色号', '平价口红']);
  });

  it('matches Latin letters case-insensitively and across spaces', async () => {
    expect(await words(query({ words: ['IPHONE'] }), 'grams')).toEqual(['iPhone 15 评测']);
    expect(await words(query({ words: ['15 评'] }), 'grams')).toEqual(['iPhone 15 评测']);
  });

  it('treats % and _ in a query as plain characters', async () => {
    expect(await words(query({ words: ['%'] }), 'grams')).toEqual(['100%纯棉']);
    expect(await words(query({ words: ['_'] }), 'grams')).toEqual(['口_红']);
    expect(await words(query({ words: ['口_'] }), 'grams')).toEqual(['口_红']);
  });

  it('keeps each library to itself', async () => {
    const rso = await selectPage(database.db, query({ scope: { platform: 'RSO', country: '' }, words: ['口红'] }), {
      plan: 'grams',
      walkBudget: 0,
      estimates: [],
    });
    expect(rso.map((row) => [row.keyword, row.platform])).toEqual([['口红推荐', 'RSO']]);
  });

  it('searches a batch as the union of its words', async () => {
    expect(await words(query({ words: ['减肥', '防晒'] }), 'grams')).toEqual(['防晒霜推荐', '减肥食谱', '减肥餐']);
  });

  it('applies filters and other sorts', async () => {
    expect(await words(query({ words: ['口红'], filters: { index_min: 6600, index_max: 8500 } }), 'grams')).toEqual([
      '口红色号',
      '平价口红',
    ]);
    expect(await words(query({ words: ['口红'], order: 'asc' }), 'grams')).toEqual([
      '口红试色',
      '平价口红',
      '口红色号',
      '口红推荐',
    ]);
    expect(await words(query({ words: ['口红'], filters: { competition: [3] } }), 'grams')).toEqual(['口红色号']);
  });

  it('pages with limit and offset', async () => {
    expect(await words(query({ words: ['口红'], limit: 2, offset: 2 }), 'grams')).toEqual(['平价口红', '口红试色']);
  });

  it('browses the whole library when there is no word', async () => {
    const rows = await words(query({ limit: 3 }), 'browse');
    expect(rows).toEqual(['口红推荐', '口红色号', '平价口红']);
  });

  it('estimates matches from the gram statistics, exactly for short words', async () => {
    const size = sample.length;
    expect(await estimateWordMatches(database.db, dso, '口红')).toEqual({
      matches: 4,
      gram: gramHash('DSO', '口红'),
      indexGrams: [gramHash('DSO', '口红')],
      scopeSize: size,
    });
    expect(await estimateWordMatches(database.db, dso, '红')).toMatchObject({ matches: 6, scopeSize: size });
    // The rarest bigram of a longer word bounds its matches.
    expect(await estimateWordMatches(database.db, dso, '口红推')).toEqual({
      matches: 1,
      gram: gramHash('DSO', '红推'),
      indexGrams: [gramHash('DSO', '红推'), gramHash('DSO', '口红')],
      scopeSize: size,
    });
    expect(await estimateWordMatches(database.db, dso, '无此词')).toMatchObject({ matches: 0, scopeSize: size });
    expect(await estimateWordMatches(database.db, { platform: 'KSO', country: '' }, '红')).toBeNull();
  });

  it('keeps the statistics in memory, seeing a rebuild here at once and one elsewhere within seconds', async () => {
    const count = async () => (await estimateWordMatches(database.db, dso, '红'))?.matches;
    expect(await count()).toBe(6);
    // Another process (the job worker) rebuilds the statistics.
    await database.db.execute(sql`
      UPDATE keyword_gram_stats SET doc_count = 99 WHERE scope = 'DSO' AND gram = ${gramHash('DSO', '红')}`);
    await database.db.execute(sql`
      UPDATE keyword_scope_stats SET refreshed_at = refreshed_at + interval '1 second' WHERE scope = 'DSO'`);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect(await count()).toBe(6);
      vi.setSystemTime(Date.now() + 11_000);
      expect(await count()).toBe(99);
    } finally {
      vi.useRealTimers();
    }
    await refreshGramStats(database.db, dso);
    expect(await count()).toBe(6);
  });

  it('walks the sort index only when a word is common enough for the page to fill quickly', () => {
    // 10M keywords, first page of 20: the walk wins above about 5,800 matches.
    expect(prefersOrderedScan(6_000, 10_000_000, 20)).toBe(true);
    expect(prefersOrderedScan(5_000, 10_000_000, 20)).toBe(false);
    // Deeper pages need more matches before the walk pays.
    expect(prefersOrderedScan(6_000, 10_000_000, 1_000)).toBe(false);
  });

  it('reports the estimate instead of counting a large match set of a long word', async () => {
    expect(
      await countMatches(database.db, query({ words: ['口红推'] }), [estimateOf('口红推', 50_000, 10_000_000)]),
    ).toEqual({
      total: 50_000,
      estimated: true,
    });
  });

  it('chooses the grams plan for rare words and the browse plan without words', async () => {
    expect((await choosePlan(database.db, query({ words: ['口红'] }))).plan).toBe('grams');
    expect((await choosePlan(database.db, query({}))).plan).toBe('browse');
    expect((await choosePlan(database.db, query({ words: ['口红', '减肥'] }))).plan).toBe('grams');
  });

  it('counts totals exactly for short words and without words', async () => {
    const one = query({ words: ['红'] });
    const size = sample.length;
    expect(await countMatches(database.db, one, [estimateOf('红', 6, size)])).toEqual({
      total: 6,
      estimated: false,
    });
    expect(await countMatches(database.db, query({ words: ['美食攻略'] }), [estimateOf('美食攻略', 1, size)])).toEqual({
      total: 1,
      estimated: false,
    });
    expect(await countMatches(database.db, query({}), [])).toEqual({ total: sample.length, estimated: false });
    expect(
      await countMatches(database.db, query({ words: ['口红'], filters: { competition: [1, 2] } }), [
        estimateOf('口红', 4, size),
      ]),
    ).toEqual({
      total: 3,
      estimated: false,
    });
  });

  it('counts the matches of the n-gram plan in the same statement when the statistics promise few', async () => {
    const page = async (q: SearchQuery) => searchPage(database.db, q, await choosePlan(database.db, q));
    expect(await page(query({ words: ['口红'], limit: 2, sort: 'month_cover_count' }))).toMatchObject({ total: 4 });
    expect(await page(query({ words: ['口红'], limit: 2, filters: { competition: [1, 2] } }))).toMatchObject({
      total: 3,
    });
    expect(await page(query({ words: ['口红', '减肥'], limit: 1 }))).toMatchObject({ total: 6 });
    // Browsing the whole library never counts in the page statement.
    expect(await page(query({ limit: 1 }))).toMatchObject({ total: null });
  });

  it('suggests keywords starting with the input, most searched first', async () => {
    expect(await selectSuggestions(database.db, dso, '口红', 10)).toEqual(['口红推荐', '口红色号', '口红试色']);
    expect(await selectSuggestions(database.db, dso, '减', 1)).toEqual(['减肥食谱']);
  });
});

describe('re-importing keywords', () => {
  it('updates a keyword instead of duplicating it, and reports what changed', async () => {
    const database = await createTestDatabase();
    const input = {
      platform: 'DSO' as const,
      country: '',
      keyword: '露营装备',
      searchIndex: 100,
      monthCoverCount: 3000,
      relatedWorkCount: 10,
      category: null,
      industry: '旅游出行',
      commerceIntent: true,
      firstSeen: '2026-03-01',
      asOf: '2026-11-19',
      trend: [...Array(7).fill(10), ...Array(7).fill(20)],
      isDemo: false,
    };
    expect(await upsertKeywords(database.db, [input])).toEqual({ inserted: 1, updated: 0 });
    expect(await upsertKeywords(database.db, [{ ...input, searchIndex: 250, asOf: '2026-11-20' }])).toEqual({
      inserted: 0,
      updated: 1,
    });
    const rows = await selectPage(database.db, query({ words: ['露营'] }), {
      plan: 'grams',
      walkBudget: 0,
      estimates: [],
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ search_index: 250, as_of: '2026-11-20', growth_rate: 1, industry: '旅游出行' });
    await database.close();
  });
});

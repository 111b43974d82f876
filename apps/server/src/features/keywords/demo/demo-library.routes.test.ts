import { Code, KeywordPath, type Platform } from '@dso/contract';
import { searchExampleKeyword } from '@dso/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing';
import { deriveScope } from '../derive/keyword-derive';
import { synonymGroups } from '../search/related-search';
import { headPhrases, headTerms } from './head-terms';
import { firstRunPlan, seedKeywords } from './seed';
import { industries } from './vocabulary';

/** Generated combinations seeded after the head phrases, as on a first run (fewer, to keep the suite short). */
const COMBINATIONS = 3_000;

/**
 * The 抖音 demo library of the first-run plan, seeded with every head phrase and the first generated
 * combinations after them, searched through the real route as a new visitor would. Seeding all five
 * Chinese libraries and searching each takes minutes on PGlite; demo-library.test.ts checks the same
 * generator call for every platform, row by row.
 */
describe('demo library: what a new user searches first', () => {
  let t: TestApp;
  const plan = firstRunPlan('2026-05-01');
  const dso = plan.scopes.find((scope) => scope.platform === 'DSO')!;

  beforeAll(async () => {
    t = await createTestApp();
    await seedKeywords(t.database.db, {
      ...plan,
      withTrends: false,
      scopes: [{ ...dso, count: headPhrases().length + COMBINATIONS }],
    });
    // The industries a category word names come from the industry medians the derive job counts.
    await deriveScope(t.database.db, dso, { steps: ['industryStats'] });
  }, 240_000);
  afterAll(async () => t.close());

  const search = async (platform: Platform, keyword: string) => {
    const body = (
      await t.request({ method: 'POST', url: KeywordPath.search, body: { platform, keyword, page_size: 10 } })
    ).json();
    expect(body.code).toBe(Code.OK);
    return body.data as {
      total_record: number;
      result: Array<{ keyword: string; industry: string | null; match?: string }>;
    };
  };

  it('finds at least 20 rows for every head term', async () => {
    const thin: string[] = [];
    for (const term of headTerms()) {
      const found = await search('DSO', term);
      if (found.total_record < 20 || !found.result.every((row) => row.keyword.includes(term))) thin.push(term);
    }
    expect(thin, 'head terms with fewer than 20 rows').toEqual([]);
  }, 240_000);

  it('finds at least 20 rows for every industry, category word and synonym a marketer types', async () => {
    const halves = industries.flatMap((industry) =>
      industry.name.length === 4 ? [industry.name.slice(0, 2), industry.name.slice(2)] : [industry.name],
    );
    const words = new Set([
      ...industries.map((industry) => industry.name),
      ...halves,
      ...synonymGroups.flat().filter((word) => word.length >= 2),
      ...['母婴', '宠物', '数码', '家居', '教育', '钓鱼', '烘焙'],
    ]);
    const thin: string[] = [];
    for (const word of words) {
      if ((await search('DSO', word)).total_record < 20) thin.push(word);
    }
    expect(thin, 'words with fewer than 20 rows').toEqual([]);
  }, 240_000);

  it('answers 母婴 with the 母婴亲子 industry words, marked as such, and 宝宝 with its literal rows first', async () => {
    const baby = await search('DSO', '母婴');
    expect(baby.total_record).toBeGreaterThanOrEqual(20);
    // No keyword contains 母婴: every row is 母婴亲子 or a synonym's (婴儿车 …), best first.
    expect(baby.result.map((row) => row.match)).not.toContain(undefined);
    expect(baby.result.filter((row) => row.match === 'industry').length).toBeGreaterThan(0);
    for (const row of baby.result.filter((row) => row.match === 'industry')) expect(row.industry).toBe('母婴亲子');

    const infant = await search('DSO', '宝宝');
    const marks = infant.result.map((row) => row.match ?? 'literal');
    expect(marks[0]).toBe('literal');
    // Literal rows first: never one after a related row.
    expect(marks).toEqual([...marks].sort((a, b) => order(a) - order(b)));
    for (const row of infant.result) expect(row.keyword.includes('宝宝')).toBe(row.match === undefined);
  });

  it('finds rows for the search box example and the words new users tried first', async () => {
    for (const word of [searchExampleKeyword, '美食', '面膜推荐', '火锅推荐', '露营装备清单']) {
      expect((await search('DSO', word)).total_record, word).toBeGreaterThanOrEqual(1);
    }
  });

  it('offers SEO tries that are head-term long tails the library holds as blue-ocean words', async () => {
    const longTails = new Set(headPhrases().flatMap((phrase) => (phrase.rank > 0 ? [phrase.keyword] : [])));
    const seen = new Set<string>();
    for (let call = 0; call < 5; call++) {
      const body = (await t.request({ method: 'GET', url: KeywordPath.randomSeoWords })).json();
      expect(body.code).toBe(Code.OK);
      expect(body.data).toHaveLength(8);
      for (const word of body.data as string[]) {
        expect(longTails.has(word), word).toBe(true);
        seen.add(word);
      }
    }
    // 换一批 brings other words.
    expect(seen.size).toBeGreaterThan(8);
    for (const word of seen) expect((await search('DSO', word)).total_record, word).toBeGreaterThan(0);
  });
});

const order = (match: string) => (match === 'literal' ? 0 : 1);

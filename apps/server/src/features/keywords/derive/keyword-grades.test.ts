import { boardListSchema, Code, KeywordDetailPath, keywordDetailSchema } from '@dso/contract';
import {
  competitionReasons,
  competitionRule,
  gradeKeyword,
  type IndustryYardstick,
  type KeywordFigures,
  worksPerIndex,
} from '@dso/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client';
import { createTestApp, createUser, loginAs, type TestApp } from '../../../testing';
import { headTerms } from '../demo/head-terms';
import { firstRunPlan, seedFirstRun } from '../demo/seed';

interface GradedRow {
  platform: string;
  country: string;
  keyword: string;
  industry: string | null;
  search_index: number;
  related_work_count: number;
  commerce_intent: boolean;
  growth_rate: number;
  competition: number;
  competition_reasons: string[];
  is_blue_ocean: boolean;
  median_search_index: number;
  median_works_per_index: number;
  median_growth_rate: number;
}

const figuresOf = (row: GradedRow): KeywordFigures => ({
  searchIndex: Number(row.search_index),
  relatedWorkCount: Number(row.related_work_count),
  commerceIntent: row.commerce_intent,
  growthRate: Number(row.growth_rate),
});
const yardstickOf = (row: GradedRow): IndustryYardstick => ({
  searchIndex: Number(row.median_search_index),
  worksPerIndex: Number(row.median_works_per_index),
  growthRate: Number(row.median_growth_rate),
});
const libraryOf = (row: { platform: string; country: string }) => `${row.platform}/${row.country}`;
const medianSupply = (row: GradedRow) =>
  Math.max(Number(row.median_works_per_index), competitionRule.minMedianWorksPerIndex);

/**
 * The whole first-run demo library (every platform and overseas country), seeded and derived as a
 * first start does, then read back: the grades the derive step wrote in SQL, the boards and the
 * detail a user opens all follow the domain's rule (packages/domain keyword-rules.ts).
 */
describe('competition and 蓝海 of the first-run demo library', () => {
  let t: TestApp;
  let rows: GradedRow[] = [];
  const plan = { ...firstRunPlan('2026-05-01'), withTrends: false };
  /** Words each library's derive regraded after the seed wrote them. */
  const regraded: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await seedFirstRun(t.database.db, plan, (message, data) => {
      if (message === 'derived' && typeof data?.regraded === 'number') regraded.push(data.regraded);
    });
    // Floats as float8: the exact values the SQL compared (a real printed as text is rounded).
    rows = await queryRows<GradedRow>(
      t.database.db,
      sql`SELECT k.platform, k.country, k.keyword, k.industry, k.search_index, k.related_work_count, k.commerce_intent,
            k.growth_rate::float8 AS growth_rate, k.competition, k.competition_reasons, k.is_blue_ocean,
            s.median_search_index::float8 AS median_search_index,
            s.median_works_per_index::float8 AS median_works_per_index,
            s.median_growth_rate::float8 AS median_growth_rate
          FROM keywords k JOIN keyword_industry_stats s
            ON s.platform = k.platform AND s.country = k.country AND s.industry = coalesce(k.industry, '')`,
    );
  }, 900_000);
  afterAll(async () => t?.close());

  it('grades every word in SQL exactly as the domain rule does', async () => {
    const counted = await queryRows<{ count: number }>(t.database.db, sql`SELECT count(*)::int AS count FROM keywords`);
    expect(rows.length).toBe(Number(counted[0]!.count));
    expect(rows.length).toBeGreaterThan(80_000);
    const differing = rows.filter((row) => {
      const grade = gradeKeyword(figuresOf(row), yardstickOf(row));
      return (
        grade.stars !== Number(row.competition) ||
        grade.blueOcean !== row.is_blue_ocean ||
        grade.reasons.join('|') !== row.competition_reasons.join('|')
      );
    });
    expect(differing.slice(0, 5)).toEqual([]);
    // The library uses every grade, not one or two.
    expect(new Set(rows.map((row) => Number(row.competition)))).toEqual(new Set([1, 2, 3, 4]));
  });

  it('writes the seed already graded against the whole library, so the derive rewrites next to no word', () => {
    expect(regraded).toHaveLength(plan.scopes.length);
    const total = regraded.reduce((sum, count) => sum + count, 0);
    expect(total).toBeLessThan(rows.length / 100);
  });

  it('never grades a word below another of its industry that it matches or exceeds in every piece of evidence', () => {
    const byIndustry = new Map<string, GradedRow[]>();
    for (const row of rows) {
      const key = `${libraryOf(row)}/${row.industry ?? ''}`;
      byIndustry.set(key, [...(byIndustry.get(key) ?? []), row]);
    }
    const violations: string[] = [];
    for (const group of byIndustry.values()) {
      const words = group.map((row) => ({ row, ...figuresOf(row), density: worksPerIndex(figuresOf(row)) }));
      for (const a of words) {
        for (const b of words) {
          const dominates =
            a.density >= b.density &&
            a.searchIndex >= b.searchIndex &&
            a.growthRate >= b.growthRate &&
            (a.commerceIntent || !b.commerceIntent);
          if (dominates && Number(a.row.competition) < Number(b.row.competition)) {
            violations.push(`${libraryOf(a.row)} ${a.row.keyword} < ${b.row.keyword}`);
          }
        }
      }
    }
    expect(violations.slice(0, 5)).toEqual([]);
  }, 120_000);

  it('states reasons that agree with the stars', () => {
    const disagreeing = rows.filter((row) => {
      const stars = Number(row.competition);
      const reasons = row.competition_reasons;
      return (
        reasons.length === 0 ||
        (stars >= 3 && reasons.includes(competitionReasons.open)) ||
        (stars <= 2 && reasons.includes(competitionReasons.headWord)) ||
        (stars === 1 && reasons.join() !== competitionReasons.open)
      );
    });
    expect(disagreeing.slice(0, 5)).toEqual([]);
  });

  it('flags as 蓝海 only words of at most 2 stars above their industry median demand and below its median supply', () => {
    const blue = rows.filter((row) => row.is_blue_ocean);
    expect(blue.length).toBeGreaterThan(1_000);
    const wrong = blue.filter(
      (row) =>
        Number(row.competition) > 2 ||
        Number(row.search_index) <= Number(row.median_search_index) ||
        worksPerIndex(figuresOf(row)) >= medianSupply(row),
    );
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('keeps crowded words and crowded head terms off the top 50 of every library’s 蓝海 board', async () => {
    const token = await loginAs(t.database.db, (await createUser(t.database.db, { grade: 'SVIP' })).id);
    const byWord = new Map(rows.map((row) => [`${libraryOf(row)}/${row.keyword}`, row]));
    const heads = new Set(headTerms());
    for (const scope of plan.scopes) {
      const query = new URLSearchParams({ board: 'blue', platform: scope.platform, page_size: '50' });
      if (scope.country) query.set('country', scope.country);
      const body = (await t.request({ method: 'GET', url: `${KeywordDetailPath.board}?${query}`, token })).json();
      expect(body.code).toBe(Code.OK);
      const top = boardListSchema.parse(body.data).result;
      expect(top, libraryOf(scope)).toHaveLength(50);
      for (const shown of top) {
        const row = byWord.get(`${libraryOf(scope)}/${shown.keyword}`)!;
        expect(shown.blue_ocean).toBe(true);
        // A head term of the generator's list may be 蓝海 only with few works for its demand, like any word.
        const what = `${libraryOf(scope)} ${shown.keyword}${heads.has(shown.keyword) ? ' (head term)' : ''}`;
        expect(worksPerIndex(figuresOf(row)), what).toBeLessThan(medianSupply(row));
      }
    }
  });

  it('grades 美食, 探店 and 穿搭 neither 蓝海 nor 竞争小 in any Chinese library', () => {
    for (const keyword of ['美食', '探店', '穿搭']) {
      const found = rows.filter((row) => row.keyword === keyword && row.platform !== 'TSO');
      expect(found.length, keyword).toBe(5);
      for (const row of found) {
        expect(row.is_blue_ocean, `${row.platform} ${keyword}`).toBe(false);
        expect(Number(row.competition), `${row.platform} ${keyword}`).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('writes a detail summary that agrees with the stars and the 蓝海 flag', async () => {
    const token = await loginAs(t.database.db, (await createUser(t.database.db, { grade: 'SVIP' })).id);
    const dso = rows.filter((row) => row.platform === 'DSO');
    const blue = dso.filter((row) => row.is_blue_ocean).sort((a, b) => b.search_index - a.search_index);
    const words = ['美食', '探店', '穿搭', '露营装备', '口红', ...blue.slice(0, 3).map((row) => row.keyword)];
    for (const keyword of words) {
      const url = `${KeywordDetailPath.detail}?${new URLSearchParams({ keyword })}`;
      const body = (await t.request({ method: 'GET', url, token })).json();
      expect(body.code, keyword).toBe(Code.OK);
      const analysis = keywordDetailSchema.parse(body.data).competeAnalyze;
      const level = analysis.stars <= 2 ? '竞争小' : analysis.stars === 3 ? '竞争中等' : '竞争大';
      expect(analysis.summary.startsWith(`竞争度${analysis.stars}星（${level}）`), analysis.summary).toBe(true);
      expect(analysis.summary.includes('蓝海词'), `${keyword}: ${analysis.summary}`).toBe(analysis.blue_ocean);
      if (analysis.reasons.includes(competitionReasons.headWord)) expect(analysis.summary).toContain('长尾词');
    }
  });
});

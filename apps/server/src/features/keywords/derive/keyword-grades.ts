import {
  competitionReasons,
  competitionRule,
  fallbackYardstick,
  type IndustryYardstick,
  type KeywordFigures,
  worksPerIndex,
} from '@dso/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../db/client';
import type { KeywordScope } from '../search/keyword-search.repository';

/**
 * Competition stars, reasons and the blue-ocean flag of every word of a library, graded against its
 * industry's medians (packages/domain keyword-rules.ts). The derive step grades a whole library in one
 * UPDATE here, because the benchmark library has 10M rows; the SQL is built from the domain's
 * constants, term by term in the order of `competitionFor`, and keyword-grades.test.ts holds every
 * graded row of the demo library equal to the domain function. Importers grade against the medians
 * known at import time with the domain function itself ({@link yardsticksOf}); the derive that follows
 * an import regrades the library.
 */

/** A number of the rule as a float8 literal: the same IEEE double the domain function computes with. */
const float = (value: number) => sql.raw(`${value}::float8`);
const text = (value: string) => sql.raw(`'${value.replaceAll("'", "''")}'::text`);

/** The grade of keyword `k` against the industry medians row `s` (keyword_industry_stats), as SQL. */
export function gradeSql(): { stars: SQL; reasons: SQL; blueOcean: SQL } {
  const rule = competitionRule;
  // Compared at the medians' float4 precision, as the domain's supplyLevel does.
  const density = sql`(k.related_work_count::float8 / greatest(1, k.search_index)::float8)::real::float8`;
  const median = sql`greatest(s.median_works_per_index::float8, ${float(rule.minMedianWorksPerIndex)}::real::float8)`;
  const supply = sql`(CASE WHEN ${density} >= ${float(rule.crowdedRatio)} * ${median} THEN 2
    WHEN ${density} >= ${median} THEN 1 ELSE 0 END)`;
  const rising = sql`(k.growth_rate::float8 >= s.median_growth_rate::float8 + ${float(rule.risingMargin)})`;
  const head = sql`(k.search_index::float8 >= greatest(${float(rule.headWordMinIndex)},
    ${float(rule.headWordRatio)} * s.median_search_index::float8))`;
  const points = sql`(${supply} + (CASE WHEN k.commerce_intent THEN 1 ELSE 0 END) + (CASE WHEN ${rising} THEN 1 ELSE 0 END)
    + (CASE WHEN ${head} THEN ${sql.raw(String(rule.headWordPoints))} ELSE 0 END))`;
  const stars = sql`least(${sql.raw(String(rule.maxStars))}, 1 + ${points})`;
  const low = sql.raw(String(rule.lowStars));
  const reasons = sql`array_remove(ARRAY[
    CASE WHEN ${supply} = 0 AND ${stars} <= ${low} THEN ${text(competitionReasons.open)} END,
    CASE WHEN ${supply} = 2 THEN ${text(competitionReasons.crowded)} END,
    CASE WHEN ${supply} = 1 THEN ${text(competitionReasons.someWorks)} END,
    CASE WHEN k.commerce_intent THEN ${text(competitionReasons.commerce)} END,
    CASE WHEN ${rising} THEN ${text(competitionReasons.rising)} END,
    CASE WHEN ${head} THEN ${text(competitionReasons.headWord)} END
  ]::text[], NULL)`;
  const blueOcean = sql`(k.search_index::float8 > s.median_search_index::float8
    AND k.search_index >= ${sql.raw(String(rule.blueOceanMinIndex))} AND ${supply} = 0 AND ${stars} <= ${low})`;
  return { stars, reasons, blueOcean };
}

/**
 * Regrades every word of a library against the medians in keyword_industry_stats (the whole
 * library's row '' for a word without an industry). Only words whose grade changes are written, so
 * a daily derive touches few rows. Returns how many changed.
 */
export async function gradeScope(db: Database, scope: KeywordScope): Promise<number> {
  const grade = gradeSql();
  // Counted in the database: a benchmark library's regrade can touch millions of rows.
  const rows = await queryRows<{ changed: number }>(
    db,
    sql`
    WITH changed AS (
      UPDATE keywords k SET competition = ${grade.stars}, competition_reasons = ${grade.reasons},
        is_blue_ocean = ${grade.blueOcean}
      FROM keyword_industry_stats s
      WHERE k.platform = ${scope.platform} AND k.country = ${scope.country}
        AND s.platform = ${scope.platform} AND s.country = ${scope.country} AND s.industry = coalesce(k.industry, '')
        AND (k.competition, k.competition_reasons, k.is_blue_ocean)
          IS DISTINCT FROM (${grade.stars}, ${grade.reasons}, ${grade.blueOcean})
      RETURNING 1
    )
    SELECT count(*)::int AS changed FROM changed
  `,
  );
  return Number(rows[0]?.changed ?? 0);
}

/** The medians a library's words are graded against, by industry ('' = the whole library). */
export type Yardsticks = Map<string, IndustryYardstick>;

/** A library's medians as the last derive left them (empty before its first derive). */
export async function yardsticksOf(db: Database, scope: KeywordScope): Promise<Yardsticks> {
  // float8: the exact values the SQL form compares with (a real printed as text rounds).
  const rows = await queryRows<{
    industry: string;
    search_index: number;
    works_per_index: number;
    growth_rate: number;
  }>(
    db,
    sql`SELECT industry, median_search_index::float8 AS search_index, median_works_per_index::float8 AS works_per_index,
          median_growth_rate::float8 AS growth_rate
        FROM keyword_industry_stats WHERE platform = ${scope.platform} AND country = ${scope.country}`,
  );
  return new Map(
    rows.map((row) => [
      row.industry,
      {
        searchIndex: Number(row.search_index),
        worksPerIndex: Number(row.works_per_index),
        growthRate: Number(row.growth_rate),
      },
    ]),
  );
}

/** A word's yardstick: its industry's medians, else the library's, else the fallback before any derive. */
export function yardstickFor(yardsticks: Yardsticks, industry: string | null): IndustryYardstick {
  return yardsticks.get(industry ?? '') ?? yardsticks.get('') ?? fallbackYardstick;
}

/**
 * The medians the derive step will compute for a whole library (`computeIndustryStats`: percentile_cont
 * over the words of each industry and of the library, stored as float4), computed from the rows before
 * they are written. A library's first ingest can then grade its words against them, so the derive's
 * regrade finds next to nothing to rewrite: rewriting 20,000 freshly inserted rows cost the first-run
 * seed seconds per library on PGlite. Where a median here differs from the stored one, the derive
 * simply regrades the words it touches.
 */
export function yardsticksFromFigures(rows: Array<KeywordFigures & { industry: string | null }>): Yardsticks {
  const groups = new Map<string, Array<KeywordFigures>>([['', []]]);
  for (const row of rows) {
    groups.get('')!.push(row);
    if (row.industry === null) continue;
    const group = groups.get(row.industry);
    if (group) group.push(row);
    else groups.set(row.industry, [row]);
  }
  const yardsticks: Yardsticks = new Map();
  for (const [industry, group] of groups) {
    if (group.length === 0) continue;
    yardsticks.set(industry, {
      searchIndex: storedMedian(group.map((row) => row.searchIndex)),
      worksPerIndex: storedMedian(group.map((row) => worksPerIndex(row))),
      growthRate: storedMedian(group.map((row) => Math.fround(row.growthRate))),
    });
  }
  return yardsticks;
}

/** percentile_cont(0.5) as PostgreSQL computes it, rounded to the float4 it is stored as. */
function storedMedian(values: number[]): number {
  const sorted = Float64Array.from(values).sort();
  const middle = (sorted.length - 1) / 2;
  const low = sorted[Math.floor(middle)]!;
  const high = sorted[Math.ceil(middle)]!;
  return Math.fround(low + (high - low) * (middle - Math.floor(middle)));
}

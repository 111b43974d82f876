import type { Platform } from '@dso/contract';
import { gradeKeyword, growthFromTrend } from '@dso/domain';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../db/client';
import { keywordGrams } from '../../../lib/grams';
import { type Yardsticks, yardstickFor, yardsticksOf } from '../derive/keyword-grades';
import { noteLibraryChanged } from '../search/search-cache';

/** One keyword as imported or generated: raw platform figures only. */
export interface KeywordInput {
  platform: Platform;
  country: string;
  keyword: string;
  searchIndex: number;
  monthCoverCount: number;
  relatedWorkCount: number;
  category: string | null;
  industry: string | null;
  commerceIntent: boolean;
  firstSeen: string;
  asOf: string;
  /** Daily search index ending at `asOf`, when the source has it. */
  trend: number[] | null;
  /** Daily overall index (综合指数) ending at `asOf`, when the source has it; stored with a trend (upsertTrends). */
  overall?: number[] | null;
  /** Used when there is no trend to derive growth from. */
  growthRate?: number;
  isDemo: boolean;
  /** The collection's provider for a word first found on a hot board; null (or absent) for an import or the demo. */
  source?: string | null;
}

/**
 * What the product derives from a row's raw figures: growth, and competition, reasons and blue ocean
 * against the industry medians known now (the library's last derive; the derive after the import
 * regrades every word against the new medians).
 */
export function deriveFigures(input: KeywordInput, yardsticks: Yardsticks) {
  const growthRate = input.trend ? growthFromTrend(input.trend) : (input.growthRate ?? 0);
  const grade = gradeKeyword({ ...input, growthRate }, yardstickFor(yardsticks, input.industry));
  return { growthRate, ...grade };
}

/**
 * Inserts or updates keywords by (platform, country, keyword) in one statement per batch; arrays per
 * column keep it to a handful of parameters. Re-importing a row updates it, never duplicates it.
 */
export async function upsertKeywords(
  db: Database,
  input: KeywordInput[],
  /** The medians to grade against when the caller knows them (a seed of a whole library); else the stored ones. */
  known?: Yardsticks,
  /**
   * Records the rows written in `keyword_changes` for the next derive of what changed (default). A seed writing a
   * whole library that it derives in full at once leaves it off.
   */
  options: { trackChanges?: boolean } = {},
): Promise<{ inserted: number; updated: number }> {
  const rows = lastOfEachKeyword(input);
  if (rows.length === 0) return { inserted: 0, updated: 0 };
  const yardsticks = known ? new Map(rows.map((row) => [scopeOf(row), known])) : await yardsticksByScope(db, rows);
  const derived = rows.map((row) => deriveFigures(row, yardsticks.get(scopeOf(row))!));
  const column = <T>(pick: (row: KeywordInput, index: number) => T) => sql.param(rows.map(pick));
  const returned = await queryRows<{ id: number; inserted: boolean; key: string; platform: string; country: string }>(
    db,
    sql`
    INSERT INTO keywords (platform, country, keyword, grams, search_index, month_cover_count, competition, competition_reasons,
      related_work_count, category, industry, commerce_intent, is_blue_ocean, growth_rate, first_seen, as_of, is_demo, source)
    SELECT platform, country, keyword, string_to_array(grams, ',')::int[], search_index, month_cover_count, competition, string_to_array(reasons, '|'),
      related_work_count, category, industry, commerce_intent, is_blue_ocean, growth_rate, first_seen, as_of, is_demo, source
    FROM unnest(
      ${column((row) => row.platform)}::text[], ${column((row) => row.country)}::text[],
      ${column((row) => row.keyword)}::text[],
      ${column((row) => keywordGrams(`${row.platform}${row.country}`, row.keyword).join(','))}::text[],
      ${column((row) => row.searchIndex)}::int[],
      ${column((row) => row.monthCoverCount)}::bigint[], ${column((_row, i) => derived[i]!.stars)}::smallint[],
      ${column((_row, i) => derived[i]!.reasons.join('|'))}::text[], ${column((row) => row.relatedWorkCount)}::int[],
      ${column((row) => row.category)}::text[], ${column((row) => row.industry)}::text[],
      ${column((row) => row.commerceIntent)}::boolean[], ${column((_row, i) => derived[i]!.blueOcean)}::boolean[],
      ${column((_row, i) => derived[i]!.growthRate)}::real[], ${column((row) => row.firstSeen)}::date[],
      ${column((row) => row.asOf)}::date[], ${column((row) => row.isDemo)}::boolean[],
      ${column((row) => row.source ?? null)}::text[]
    ) AS incoming(platform, country, keyword, grams, search_index, month_cover_count, competition, reasons, related_work_count,
      category, industry, commerce_intent, is_blue_ocean, growth_rate, first_seen, as_of, is_demo, source)
    ON CONFLICT (platform, country, keyword) DO UPDATE SET
      search_index = excluded.search_index, month_cover_count = excluded.month_cover_count,
      competition = excluded.competition, competition_reasons = excluded.competition_reasons,
      related_work_count = excluded.related_work_count, category = excluded.category, industry = excluded.industry,
      commerce_intent = excluded.commerce_intent, is_blue_ocean = excluded.is_blue_ocean,
      growth_rate = excluded.growth_rate, first_seen = least(keywords.first_seen, excluded.first_seen),
      as_of = excluded.as_of, is_demo = excluded.is_demo, source = excluded.source, updated_at = now()
    RETURNING id, (xmax = 0) AS inserted, platform || '/' || country || '/' || keyword AS key, platform, country
  `,
  );
  if (options.trackChanges !== false) await recordChanges(db, returned);
  // Cached searches must not outlive the rows they showed (search/search-cache.ts).
  await noteLibraryChanged(db);
  const inserted = returned.filter((row) => row.inserted).length;
  const idByKey = new Map(returned.map((row) => [row.key, Number(row.id)]));
  await upsertTrends(db, rows, (row) => idByKey.get(keyOf(row))!);
  return { inserted, updated: returned.length - inserted };
}

/** Notes the rows an upsert wrote for the derive of what changed; a row new since the last derive stays new. */
async function recordChanges(
  db: Database,
  written: Array<{ id: number; inserted: boolean; platform: string; country: string }>,
) {
  await db.execute(sql`
    INSERT INTO keyword_changes (platform, country, keyword_id, inserted)
    SELECT * FROM unnest(${sql.param(written.map((row) => row.platform))}::text[],
      ${sql.param(written.map((row) => row.country))}::text[],
      ${sql.param(written.map((row) => Number(row.id)))}::bigint[],
      ${sql.param(written.map((row) => row.inserted))}::boolean[])
    ON CONFLICT (platform, country, keyword_id) DO UPDATE SET inserted = keyword_changes.inserted OR excluded.inserted
  `);
}

const keyOf = (row: KeywordInput) => `${row.platform}/${row.country}/${row.keyword}`;
const scopeOf = (row: KeywordInput) => `${row.platform}/${row.country}`;

/** The medians of every library a batch writes to (one small read per library). */
async function yardsticksByScope(db: Database, rows: KeywordInput[]): Promise<Map<string, Yardsticks>> {
  const found = new Map<string, Yardsticks>();
  for (const row of rows) {
    if (!found.has(scopeOf(row))) found.set(scopeOf(row), await yardsticksOf(db, row));
  }
  return found;
}

/** One statement cannot update a row twice: within a batch the last occurrence of a keyword wins. */
function lastOfEachKeyword(rows: KeywordInput[]): KeywordInput[] {
  return [...new Map(rows.map((row) => [keyOf(row), row])).values()];
}

/**
 * Stores each row's daily series. The overall index is aligned with the search index by its last day
 * (both end on `as_of`): a longer one is cut to the trend's days, a shorter one has no overall index
 * on its first days (SQL NULL elements), so a day never shows another day's figure.
 */
async function upsertTrends(db: Database, rows: KeywordInput[], idOf: (row: KeywordInput) => number) {
  const withTrend = rows.filter((row) => row.trend?.length).map((row) => ({ row, id: idOf(row) }));
  if (withTrend.length === 0) return;
  const overallText = ({ row }: { row: KeywordInput }) => {
    if (!row.overall?.length) return null;
    const days = row.trend!.length;
    const cut = row.overall.slice(-days);
    return [...Array<string>(days - cut.length).fill('NULL'), ...cut.map(String)].join(',');
  };
  await db.execute(sql`
    INSERT INTO keyword_trends (keyword_id, start_day, values, overall)
    SELECT id, as_of - (cardinality(string_to_array(vals, ',')) - 1), string_to_array(vals, ',')::int[],
      string_to_array(overall, ',', 'NULL')::int[]
    FROM unnest(${sql.param(withTrend.map(({ id }) => id))}::bigint[], ${sql.param(withTrend.map(({ row }) => row.asOf))}::date[],
      ${sql.param(withTrend.map(({ row }) => row.trend!.join(',')))}::text[],
      ${sql.param(withTrend.map(overallText))}::text[]) AS incoming(id, as_of, vals, overall)
    ON CONFLICT (keyword_id) DO UPDATE SET start_day = excluded.start_day, values = excluded.values, overall = excluded.overall
  `);
}

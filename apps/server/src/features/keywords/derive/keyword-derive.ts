import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../db/client';
import { queryGrams } from '../../../lib/grams';
import { likeContains } from '../../../lib/like-patterns';
import { yieldToEventLoop } from '../../../lib/yield-to-event-loop';
import { computeBoards } from '../boards/keyword-boards';
import { dayOf } from '../keyword-record';
import { mainWordOf } from '../keyword-words';
import { HEAD_MIN_DOCS, selectFromHead } from '../search/gram-heads';
import { type KeywordScope, refreshGramStats, scopeKey } from '../search/keyword-search.repository';
import { noteLibraryChanged } from '../search/search-cache';
import { gradeScope } from './keyword-grades';

/** Keywords (by search index) whose correlation words the derive job keeps; the rest are computed on the fly. */
export const CORRELATION_TOP = 500;
/** Correlation words kept per keyword. */
export const CORRELATION_KEEP = 50;

/** The parts of the derive step, in the order they run. */
export const deriveSteps = ['gramStats', 'industryStats', 'boards', 'correlations'] as const;
export type DeriveStep = (typeof deriveSteps)[number];

export interface DeriveOptions {
  /** Which parts to run (default all). */
  steps?: readonly DeriveStep[];
  correlationTop?: number;
  /**
   * Refresh the planner statistics (default: when the gram statistics are rebuilt, i.e. the data
   * changed; the first-run seed does it once for all libraries).
   */
  analyze?: boolean;
  /** Compute the day before from the trends when the library has no earlier boards (default true). */
  backfill?: boolean;
  log?: (message: string, data?: Record<string, unknown>) => void;
}

export interface DeriveResult {
  asOf: string | null;
  correlated: number;
  ms: number;
}

/**
 * Everything the product derives from a library's imported figures (docs/keywords.md): the gram
 * statistics of search, the industry medians and every word's competition grade against them, the nine boards with rank
 * changes, and the correlation words of the top keywords. Idempotent; run per library by the
 * `keywords.derive` job after every import and by the first-run seed.
 */
export async function deriveScope(
  db: Database,
  scope: KeywordScope,
  options: DeriveOptions = {},
): Promise<DeriveResult> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const wanted = new Set(options.steps ?? deriveSteps);
  const timings: Record<string, number> = {};
  const step = async <T>(name: DeriveStep | 'analyze', run: () => Promise<T>): Promise<T | null> => {
    if (name !== 'analyze' && !wanted.has(name)) return null;
    await yieldToEventLoop();
    const at = Date.now();
    const result = await run();
    timings[name] = Date.now() - at;
    return result;
  };
  // A full derive covers every row written before it starts: it claims what the derive of changes would take.
  if (wanted.has('gramStats')) await claimChanges(db, scope);
  await step('gramStats', () => refreshGramStats(db, scope));
  // Imports change the data a lot and PGlite has no autovacuum: plan the derive queries on fresh statistics.
  const analyze = options.analyze ?? wanted.has('gramStats');
  if (analyze) await step('analyze', () => analyzeKeywordTables(db));
  const asOf = await latestAsOf(db, scope);
  if (!asOf) return { asOf: null, correlated: 0, ms: Date.now() - started };
  const regraded = await step('industryStats', () => computeIndustryStats(db, scope, asOf));
  await step('boards', () => computeBoards(db, scope, asOf, { analyze, backfill: options.backfill !== false }));
  const correlated =
    (await step('correlations', () => computeCorrelations(db, scope, options.correlationTop ?? CORRELATION_TOP))) ?? 0;
  const ms = Date.now() - started;
  log('derived', { platform: scope.platform, country: scope.country, asOf, regraded, correlated, ms, steps: timings });
  return { asOf, correlated, ms };
}

/** Forgets the rows recorded for the derive of changes (keyword-derive-changes.ts). */
async function claimChanges(db: Database, scope: KeywordScope) {
  await db.execute(sql`DELETE FROM keyword_changes WHERE platform = ${scope.platform} AND country = ${scope.country}`);
}

/** Fresh planner statistics of the keyword tables (PGlite has no autovacuum). */
export async function analyzeKeywordTables(db: Database, tables = ['keywords', 'keyword_trends']) {
  for (const table of tables) await db.execute(sql.raw(`ANALYZE ${table}`));
}

/** The library's data day: the latest `as_of` of its keywords. */
async function latestAsOf(db: Database, scope: KeywordScope): Promise<string | null> {
  const rows = await queryRows<{ as_of: unknown }>(
    db,
    sql`SELECT max(as_of) AS as_of FROM keywords WHERE platform = ${scope.platform} AND country = ${scope.country}`,
  );
  const value = rows[0]?.as_of;
  return value ? dayOf(value) : null;
}

/**
 * Medians per industry and over the whole library (industry ''), then every word's competition grade
 * against them (keyword-grades.ts), then the median stars of the graded words, in one transaction: a
 * reader never sees grades measured against medians that are not stored.
 */
async function computeIndustryStats(db: Database, scope: KeywordScope, asOf: string): Promise<number> {
  const medians = sql`count(*)::int,
    percentile_cont(0.5) WITHIN GROUP (ORDER BY search_index),
    percentile_cont(0.5) WITHIN GROUP (ORDER BY related_work_count),
    percentile_cont(0.5) WITHIN GROUP (ORDER BY related_work_count::float8 / greatest(1, search_index)),
    percentile_cont(0.5) WITHIN GROUP (ORDER BY growth_rate),
    ${asOf}::date`;
  const inScope = sql`platform = ${scope.platform} AND country = ${scope.country}`;
  const regraded = await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM keyword_industry_stats WHERE ${inScope}`);
    // The median stars are filled in once the words are graded against the other medians.
    await tx.execute(sql`
      INSERT INTO keyword_industry_stats (platform, country, industry, keyword_count, median_search_index,
        median_related_work_count, median_works_per_index, median_growth_rate, as_of, median_competition)
      SELECT ${scope.platform}, ${scope.country}, industry, ${medians}, 0
      FROM keywords WHERE ${inScope} AND industry IS NOT NULL GROUP BY industry
      UNION ALL
      SELECT ${scope.platform}, ${scope.country}, '', ${medians}, 0
      FROM keywords WHERE ${inScope} HAVING count(*) > 0
    `);
    const changed = await gradeScope(tx, scope);
    await tx.execute(sql`
      UPDATE keyword_industry_stats s SET median_competition = m.median
      FROM (
        SELECT industry, percentile_cont(0.5) WITHIN GROUP (ORDER BY competition) AS median
        FROM keywords WHERE ${inScope} AND industry IS NOT NULL GROUP BY industry
        UNION ALL
        SELECT '', percentile_cont(0.5) WITHIN GROUP (ORDER BY competition) FROM keywords WHERE ${inScope}
      ) AS m
      WHERE s.platform = ${scope.platform} AND s.country = ${scope.country} AND s.industry = m.industry
    `);
    return changed;
  });
  // Cached searches show the grades (search/search-cache.ts).
  if (regraded > 0) await noteLibraryChanged(db);
  return regraded;
}

/**
 * The best-ranked keywords containing each main word (CORRELATION_KEEP + 1, the word itself may be among them). A main
 * word whose rarest gram has a head takes them from it when the head holds enough (its members are the gram's exact
 * top, so the matches among them are the word's); the others, and those the head cannot fill, take them in one
 * statement from the n-gram index, where a word common enough for a head would sort hundreds of thousands of rows.
 */
async function correlationCandidates(db: Database, scope: KeywordScope, mains: string[]) {
  const key = scopeKey(scope);
  const gramsOf = new Map(mains.map((main) => [main, queryGrams(key, main)]));
  const counts = await queryRows<{ gram: number; doc_count: number }>(
    db,
    sql`SELECT gram, doc_count FROM keyword_gram_stats
        WHERE scope = ${key} AND gram = ANY(${sql.param([...new Set([...gramsOf.values()].flat())])}::int[])`,
  );
  const docs = new Map(counts.map((row) => [row.gram, Number(row.doc_count)]));
  const found: Array<{ main: string; keyword: string; search_index: number }> = [];
  const rest: string[] = [];
  for (const main of mains) {
    const rarest = [...gramsOf.get(main)!].sort((a, b) => (docs.get(a) ?? 0) - (docs.get(b) ?? 0))[0];
    if (rarest === undefined || (docs.get(rarest) ?? 0) < HEAD_MIN_DOCS) {
      rest.push(main);
      continue;
    }
    const head = await selectFromHead<{ keyword: string; search_index: number }>(db, {
      scope,
      gram: rarest,
      pattern: likeContains(main),
      wanted: CORRELATION_KEEP + 1,
      columns: sql`id, keyword, search_index`,
    });
    if (head.enough)
      found.push(...head.rows.map((row) => ({ main, keyword: row.keyword, search_index: row.search_index })));
    else rest.push(main);
  }
  if (rest.length === 0) return found;
  // One statement for the rest: each takes its candidates from the n-gram index (a LIKE recheck confirms them) and
  // keeps the top by search index.
  const fromIndex = await queryRows<{ main: string; keyword: string; search_index: number }>(
    db,
    sql`
    SELECT w.main, c.keyword, c.search_index
    FROM unnest(${sql.param(rest)}::text[], ${sql.param(rest.map((main) => gramsOf.get(main)!.join(',')))}::text[],
      ${sql.param(rest.map(likeContains))}::text[]) AS w(main, gram_list, pattern)
    CROSS JOIN LATERAL (
      SELECT k.keyword, k.search_index FROM keywords k
      WHERE k.platform = ${scope.platform} AND k.country = ${scope.country}
        AND k.grams @> string_to_array(w.gram_list, ',')::int[] AND lower(k.keyword) LIKE w.pattern
      ORDER BY k.search_index + 0 DESC, k.id DESC
      LIMIT ${CORRELATION_KEEP + 1}
    ) AS c
  `,
  );
  return [...found, ...fromIndex];
}

/**
 * Correlation words of the library's top keywords: the words sharing a keyword's main jieba word,
 * highest search index first. Keywords with the same main word share one search.
 */
export async function computeCorrelations(db: Database, scope: KeywordScope, top: number): Promise<number> {
  const leaders = await queryRows<{ id: number; keyword: string }>(
    db,
    sql`SELECT id, keyword FROM keywords WHERE platform = ${scope.platform} AND country = ${scope.country}
        ORDER BY search_index DESC, id DESC LIMIT ${top}`,
  );
  const byMainWord = new Map<string, Array<{ id: number; keyword: string }>>();
  for (const [index, leader] of leaders.entries()) {
    // Segmentation is synchronous: let requests in now and then when this runs in the server.
    if (index % 100 === 0) await yieldToEventLoop();
    const main = mainWordOf(leader.keyword);
    byMainWord.set(main, [...(byMainWord.get(main) ?? []), { id: Number(leader.id), keyword: leader.keyword }]);
  }
  const candidates = await correlationCandidates(db, scope, [...byMainWord.keys()]);
  await yieldToEventLoop();
  const byMain = new Map<string, Array<{ keyword: string; search_index: number }>>();
  for (const row of candidates) byMain.set(row.main, [...(byMain.get(row.main) ?? []), row]);
  const ids: number[] = [];
  const related: string[] = [];
  const scores: number[] = [];
  for (const [main, group] of byMainWord) {
    const found = byMain.get(main) ?? [];
    for (const keyword of group) {
      for (const candidate of found.filter((row) => row.keyword !== keyword.keyword).slice(0, CORRELATION_KEEP)) {
        ids.push(keyword.id);
        related.push(candidate.keyword);
        scores.push(Number(candidate.search_index));
      }
    }
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      DELETE FROM keyword_relations r USING keywords k
      WHERE r.keyword_id = k.id AND r.relation = 'correlation' AND k.platform = ${scope.platform} AND k.country = ${scope.country}
    `);
    const batch = 5_000;
    for (let start = 0; start < ids.length; start += batch) {
      await tx.execute(sql`
        INSERT INTO keyword_relations (keyword_id, relation, related_keyword, score)
        SELECT id, 'correlation', related, score FROM unnest(
          ${sql.param(ids.slice(start, start + batch))}::bigint[],
          ${sql.param(related.slice(start, start + batch))}::text[],
          ${sql.param(scores.slice(start, start + batch))}::int[]
        ) AS incoming(id, related, score)
        ON CONFLICT DO NOTHING
      `);
    }
  });
  return leaders.length;
}

import type { KeywordFilters, KeywordSortField, Platform } from '@dso/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { queryGrams } from './grams';

/** A library: the platform, plus the country for TSO ('' elsewhere). */
export interface KeywordScope {
  platform: Platform;
  country: string;
}

/** The gram prefix of a scope ('DSO', 'TSOUS'). */
export function scopeKey(scope: KeywordScope): string {
  return `${scope.platform}${scope.country}`;
}

/**
 * Above this many candidate matches, walking the sort index and filtering beats fetching every match
 * from the n-gram index and sorting: the first page fills after about (rows / matches) × page steps.
 */
export const ORDERED_SCAN_MIN_MATCHES = 20_000;
/** Totals above this are reported as the cap (or the gram estimate), never counted by scanning. */
export const TOTAL_COUNT_CAP = 10_000;

const sortColumns: Record<KeywordSortField, SQL> = {
  search_index: sql`search_index`,
  month_cover_count: sql`month_cover_count`,
  competition: sql`competition`,
  related_work_count: sql`related_work_count`,
  growth_rate: sql`growth_rate`,
  first_seen: sql`first_seen`,
};
/** Sorts with a btree index the ordered plan can walk. */
const indexedSorts = new Set<KeywordSortField>(['search_index', 'month_cover_count']);

export interface SearchQuery {
  scope: KeywordScope;
  /** One or more already-trimmed search words; empty means the whole library. */
  words: string[];
  filters: KeywordFilters;
  sort: KeywordSortField;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export type SearchPlan = 'browse' | 'ordered' | 'grams';

/** Escapes LIKE wildcards in user input. */
export function likeContains(word: string): string {
  return `%${word.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export function likePrefix(word: string): string {
  return `${word.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The gram statistics for a query word: the smallest document count among its grams (an upper bound
 * on matches, exact for one- and two-character words), or null when the scope has no statistics yet.
 */
export async function estimateWordMatches(db: Database, scope: KeywordScope, word: string): Promise<number | null> {
  const key = scopeKey(scope);
  const rows = await queryRows<{ estimate: number | null; known: boolean }>(
    db,
    sql`
    SELECT
      (SELECT min(coalesce(s.doc_count, 0))::int
         FROM unnest(${sql.param(queryGrams(key, word))}::int[]) AS g
         LEFT JOIN keyword_gram_stats s ON s.scope = ${key} AND s.gram = g) AS estimate,
      EXISTS (SELECT 1 FROM keyword_scope_stats WHERE scope = ${key}) AS known
  `,
  );
  const row = rows[0];
  return row?.known ? (row.estimate ?? 0) : null;
}

/** Keywords in the scope when its statistics were rebuilt; null without statistics. */
export async function scopeSize(db: Database, scope: KeywordScope): Promise<number | null> {
  const rows = await queryRows<{ keyword_count: number }>(
    db,
    sql`SELECT keyword_count FROM keyword_scope_stats WHERE scope = ${scopeKey(scope)}`,
  );
  return rows[0]?.keyword_count ?? null;
}

export function filterConditions(filters: KeywordFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.index_min !== undefined) conditions.push(sql`search_index >= ${filters.index_min}`);
  if (filters.index_max !== undefined) conditions.push(sql`search_index <= ${filters.index_max}`);
  if (filters.cover_min !== undefined) conditions.push(sql`month_cover_count >= ${filters.cover_min}`);
  if (filters.cover_max !== undefined) conditions.push(sql`month_cover_count <= ${filters.cover_max}`);
  if (filters.competition?.length) {
    conditions.push(
      sql`competition IN (${sql.join(
        filters.competition.map((stars) => sql`${stars}`),
        sql`, `,
      )})`,
    );
  }
  if (filters.category) conditions.push(sql`category = ${filters.category}`);
  if (filters.industry) conditions.push(sql`industry = ${filters.industry}`);
  if (filters.commerce !== undefined) conditions.push(sql`commerce_intent = ${filters.commerce}`);
  if (filters.blue_ocean !== undefined) conditions.push(sql`is_blue_ocean = ${filters.blue_ocean}`);
  return conditions;
}

function hasFilters(filters: KeywordFilters) {
  return filterConditions(filters).length > 0;
}

/** Substring match of one word; `useGrams` lets the n-gram index find the candidates. */
function wordMatch(scope: KeywordScope, word: string, useGrams: boolean): SQL {
  const like = sql`lower(keyword) LIKE ${likeContains(word)}`;
  if (!useGrams) return like;
  return sql`(grams @> ${sql.param(queryGrams(scopeKey(scope), word))}::int[] AND ${like})`;
}

function whereClause(query: SearchQuery, useGrams: boolean): SQL {
  const conditions = [sql`platform = ${query.scope.platform}`, sql`country = ${query.scope.country}`];
  if (query.words.length === 1) conditions.push(wordMatch(query.scope, query.words[0]!, useGrams));
  if (query.words.length > 1) {
    conditions.push(
      sql`(${sql.join(
        query.words.map((word) => wordMatch(query.scope, word, useGrams)),
        sql` OR `,
      )})`,
    );
  }
  conditions.push(...filterConditions(query.filters));
  return sql.join(conditions, sql` AND `);
}

/**
 * Chooses how to run a search. Without words the sort index is walked. With one word, a common word
 * walks the sort index with a LIKE filter (the page fills quickly); a rare word takes its candidates
 * from the n-gram index and sorts them. Batches always use the n-gram index.
 */
export async function choosePlan(
  db: Database,
  query: SearchQuery,
): Promise<{ plan: SearchPlan; estimate: number | null }> {
  if (query.words.length === 0) return { plan: 'browse', estimate: null };
  if (query.words.length > 1 || !indexedSorts.has(query.sort)) return { plan: 'grams', estimate: null };
  const estimate = await estimateWordMatches(db, query.scope, query.words[0]!);
  const plan = estimate !== null && estimate >= ORDERED_SCAN_MIN_MATCHES ? 'ordered' : 'grams';
  return { plan, estimate };
}

const rowColumns = sql`id, keyword, platform, country, search_index, month_cover_count, competition,
  competition_reasons, related_work_count, category, industry, commerce_intent, is_blue_ocean, growth_rate,
  first_seen, as_of`;

export interface KeywordRecord {
  id: number;
  keyword: string;
  platform: Platform;
  country: string;
  search_index: number;
  month_cover_count: number;
  competition: number;
  competition_reasons: string[];
  related_work_count: number;
  category: string | null;
  industry: string | null;
  commerce_intent: boolean;
  is_blue_ocean: boolean;
  growth_rate: number;
  first_seen: string;
  as_of: string;
}

/** One page of results in the chosen plan. */
export async function selectPage(db: Database, query: SearchQuery, plan: SearchPlan): Promise<KeywordRecord[]> {
  const direction = query.order === 'asc' ? sql`ASC` : sql`DESC`;
  const column = sortColumns[query.sort];
  // `+ 0` (or a cast for dates) hides the sort index from the planner, so the grams plan stays a
  // bitmap scan plus a top-N sort instead of drifting into a long filtered index walk.
  const sortKey =
    plan === 'grams' ? (query.sort === 'first_seen' ? sql`(${column})::text` : sql`(${column} + 0)`) : column;
  const rows = await queryRows<KeywordRecord>(
    db,
    sql`
    SELECT ${rowColumns}
    FROM keywords
    WHERE ${whereClause(query, plan === 'grams')}
    ORDER BY ${sortKey} ${direction}, id ${direction}
    LIMIT ${query.limit} OFFSET ${query.offset}
  `,
  );
  return rows.map(normalizeRecord);
}

/** Drivers differ in how they return bigint, real and date columns; settle them here. */
function normalizeRecord(row: KeywordRecord): KeywordRecord {
  return {
    ...row,
    id: Number(row.id),
    month_cover_count: Number(row.month_cover_count),
    growth_rate: Number(row.growth_rate),
    first_seen: String(row.first_seen).slice(0, 10),
    as_of: String(row.as_of).slice(0, 10),
  };
}

/**
 * The total of a search without scanning large match sets: exact from the gram statistics for a
 * one- or two-character word with no filters, else counted up to the cap.
 */
export async function countMatches(
  db: Database,
  query: SearchQuery,
  estimate: number | null,
): Promise<{ total: number; estimated: boolean }> {
  const filtered = hasFilters(query.filters);
  if (query.words.length === 0 && !filtered) {
    const size = await scopeSize(db, query.scope);
    if (size !== null) return { total: size, estimated: false };
  }
  const word = query.words[0];
  if (query.words.length === 1 && word && [...word].length <= 2 && !filtered && estimate !== null) {
    return { total: estimate, estimated: false };
  }
  const useGrams = query.words.length > 0;
  const rows = await queryRows<{ total: number }>(
    db,
    sql`
    SELECT count(*)::int AS total FROM (
      SELECT 1 FROM keywords WHERE ${whereClause(query, useGrams)} LIMIT ${TOTAL_COUNT_CAP + 1}
    ) AS capped
  `,
  );
  const counted = rows[0]?.total ?? 0;
  if (counted <= TOTAL_COUNT_CAP) return { total: counted, estimated: false };
  return { total: Math.max(TOTAL_COUNT_CAP, estimate ?? 0), estimated: true };
}

/** Prefix suggestions ordered by search index. */
export async function selectSuggestions(db: Database, scope: KeywordScope, prefix: string, limit: number) {
  const estimate = await estimateWordMatches(db, scope, [...prefix].slice(0, 2).join(''));
  const common = estimate !== null && estimate >= ORDERED_SCAN_MIN_MATCHES / 10;
  const orderKey = common ? sql`search_index` : sql`(search_index + 0)`;
  const rows = await queryRows<{ keyword: string }>(
    db,
    sql`
    SELECT keyword FROM keywords
    WHERE platform = ${scope.platform} AND country = ${scope.country} AND lower(keyword) LIKE ${likePrefix(prefix)}
    ORDER BY ${orderKey} DESC, id DESC
    LIMIT ${limit}
  `,
  );
  return rows.map((row) => row.keyword);
}

/** Rebuilds the gram statistics of one scope (after imports and in the derive job). */
export async function refreshGramStats(db: Database, scope: KeywordScope) {
  const key = scopeKey(scope);
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM keyword_gram_stats WHERE scope = ${key}`);
    await tx.execute(sql`
      INSERT INTO keyword_gram_stats (scope, gram, doc_count)
      SELECT ${key}, g, count(*)::int FROM keywords, unnest(grams) AS g
      WHERE platform = ${scope.platform} AND country = ${scope.country}
      GROUP BY g
    `);
    await tx.execute(sql`
      INSERT INTO keyword_scope_stats (scope, keyword_count, refreshed_at)
      SELECT ${key}, count(*)::int, now() FROM keywords WHERE platform = ${scope.platform} AND country = ${scope.country}
      ON CONFLICT (scope) DO UPDATE SET keyword_count = excluded.keyword_count, refreshed_at = excluded.refreshed_at
    `);
  });
}

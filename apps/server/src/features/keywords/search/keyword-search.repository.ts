import type { KeywordFilters, KeywordSortField } from '@dso/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, inHeavyReadLane, queryRows } from '../../../db/client';
import { prefixGram, queryGrams } from '../../../lib/grams';
import { type KeywordRecord, keywordRecordColumns, normalizeKeywordRecord } from '../keyword-record';
import { type KeywordScope, scopeKey } from '../keyword-scope';
import { HEAD_MIN_DOCS, HEAD_SIZE, PREFIX_HEAD_MIN_DOCS, refreshGramHeads, selectFromHead } from './gram-heads';
import { forgetGramStats, scopeGramStats } from './gram-stats';
import { forgetCachedSearches, noteLibraryChanged } from './search-cache';

export { type KeywordScope, scopeKey };

/**
 * Cost model for choosing a plan. Walking the sort index reads about `pageEnd × scope / matches`
 * index entries (cheap: index-only, LIKE on the included keyword); the n-gram plan fetches every
 * match from the heap and sorts (about six times dearer per row). The walk wins once
 * matches² > pageEnd × scope / 6.
 */
const HEAP_FETCH_COST_RATIO = 6;
/** Totals up to this many matches are counted exactly; above it the gram estimate is reported. */
export const EXACT_COUNT_LIMIT = 1_000;
/** Counting stops here; a batch or filtered total beyond it is reported as the cap, marked estimated. */
export const TOTAL_COUNT_CAP = 10_000;

export function prefersOrderedScan(matches: number, scopeSize: number, pageEnd: number): boolean {
  return matches * matches * HEAP_FETCH_COST_RATIO > pageEnd * scopeSize;
}

const sortColumns: Record<KeywordSortField, SQL> = {
  search_index: sql`search_index`,
  month_cover_count: sql`month_cover_count`,
  competition: sql`competition`,
  related_work_count: sql`related_work_count`,
  growth_rate: sql`growth_rate`,
  first_seen: sql`first_seen`,
};
/** The sort the ordered plan can walk: its index includes the keyword, so the walk never visits the heap. */
const walkableSort: KeywordSortField = 'search_index';
/**
 * Entries the walk may read before giving up: several times what an even spread of matches needs,
 * because words cluster (a modifier like "2026" sits mostly in the long tail). Past the budget the
 * n-gram plan answers instead, so results stay exact.
 */
const WALK_BUDGET_FACTOR = 8;
const MAX_WALK_BUDGET = 300_000;

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

export type SearchPlan = 'browse' | 'heads' | 'ordered' | 'grams';

/** Escapes LIKE wildcards in user input. */
export function likeContains(word: string): string {
  return `%${word.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export function likePrefix(word: string): string {
  return `${word.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export interface WordEstimate {
  /** The smallest document count among the word's grams: an upper bound on matches, exact for one or two characters. */
  matches: number;
  /** The gram with that count: every match contains it. */
  gram: number;
  /** Keywords in the scope when its statistics were rebuilt. */
  scopeSize: number;
}

/** Gram statistics for a query word, or null when the scope has no statistics yet. */
export async function estimateWordMatches(
  db: Database,
  scope: KeywordScope,
  word: string,
): Promise<WordEstimate | null> {
  const key = scopeKey(scope);
  const stats = await scopeGramStats(db, key);
  if (!stats) return null;
  let rarest = { gram: 0, matches: Number.POSITIVE_INFINITY };
  for (const gram of queryGrams(key, word)) {
    const matches = stats.counts.get(gram) ?? 0;
    if (matches < rarest.matches) rarest = { gram, matches };
  }
  return { gram: rarest.gram, matches: Number.isFinite(rarest.matches) ? rarest.matches : 0, scopeSize: stats.size };
}

/** Keywords in the scope when its statistics were rebuilt; null without statistics. */
export async function scopeSize(db: Database, scope: KeywordScope): Promise<number | null> {
  return (await scopeGramStats(db, scopeKey(scope)))?.size ?? null;
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

export interface PlanChoice {
  plan: SearchPlan;
  /** Gram statistics of each search word (null entries when the scope has none). */
  estimates: Array<WordEstimate | null>;
  /** For the ordered plan: how many index entries the walk may read. */
  walkBudget: number;
}

/**
 * Chooses how to run a search. Without words the sort index is walked. Sorted by index (descending,
 * no filters) with every word's rarest gram frequent, the first pages come from the gram heads. Else
 * a single common word walks the search-index index with a LIKE filter (the page fills quickly) and
 * a rare word takes its candidates from the n-gram index and sorts them. Batches, filters and other
 * sorts use the n-gram index.
 */
export async function choosePlan(db: Database, query: SearchQuery): Promise<PlanChoice> {
  if (query.words.length === 0) return { plan: 'browse', estimates: [], walkBudget: 0 };
  const estimates = await Promise.all(query.words.map((word) => estimateWordMatches(db, query.scope, word)));
  if (query.sort !== walkableSort || hasFilters(query.filters)) return { plan: 'grams', estimates, walkBudget: 0 };
  const pageEnd = query.offset + query.limit;
  const frequent = estimates.every((estimate) => estimate !== null && estimate.matches >= HEAD_MIN_DOCS);
  if (frequent && query.order === 'desc' && pageEnd <= HEAD_SIZE) return { plan: 'heads', estimates, walkBudget: 0 };
  const scan = query.words.length === 1 ? chooseScan(estimates[0] ?? null, pageEnd) : gramsScan;
  return { ...scan, estimates };
}

const gramsScan = { plan: 'grams', walkBudget: 0 } as const;

/** Between the ordered walk and the n-gram index for one word, by the cost model above. */
function chooseScan(estimate: WordEstimate | null, pageEnd: number): Omit<PlanChoice, 'estimates'> {
  if (!estimate || estimate.matches === 0 || !prefersOrderedScan(estimate.matches, estimate.scopeSize, pageEnd)) {
    return gramsScan;
  }
  const walkBudget = Math.min(
    estimate.scopeSize,
    Math.ceil((WALK_BUDGET_FACTOR * pageEnd * estimate.scopeSize) / estimate.matches),
  );
  if (walkBudget > MAX_WALK_BUDGET) return gramsScan;
  return { plan: 'ordered', walkBudget };
}

const rowColumns = keywordRecordColumns();

/** One page of results, and the total of matches when the plan counted them on the way. */
export interface SearchPage {
  rows: KeywordRecord[];
  total: number | null;
}

/** One page of results in the chosen plan (an ordered walk that runs out of budget falls back to n-grams). */
export async function selectPage(db: Database, query: SearchQuery, choice: PlanChoice): Promise<KeywordRecord[]> {
  return (await searchPage(db, query, choice)).rows;
}

/**
 * One page in the chosen plan. The n-gram plan fetches every match to sort them anyway, so when the
 * gram statistics promise a small set it counts them in the same statement.
 */
export async function searchPage(db: Database, query: SearchQuery, choice: PlanChoice): Promise<SearchPage> {
  if (choice.plan === 'heads') {
    const estimates = choice.estimates as WordEstimate[];
    const fromHeads = await selectFromHeads(db, query, estimates);
    if (fromHeads.page) return { rows: fromHeads.page, total: null };
    return searchPage(db, query, { estimates, ...scanAfterHeads(query, estimates, fromHeads.share) });
  }
  if (choice.plan === 'ordered') {
    const walked = await selectByIndexWalk(db, query, choice.walkBudget);
    if (walked) return { rows: walked, total: null };
  }
  const direction = query.order === 'asc' ? sql`ASC` : sql`DESC`;
  const column = sortColumns[query.sort];
  // `+ 0` (or a cast for dates) hides the sort index from the planner, so the grams plan stays a
  // bitmap scan plus a top-N sort instead of drifting into a long filtered index walk.
  const sortKey =
    choice.plan === 'browse' ? column : query.sort === 'first_seen' ? sql`(${column})::text` : sql`(${column} + 0)`;
  const counted = choice.plan !== 'browse' && matchBound(query, choice.estimates) <= TOTAL_COUNT_CAP;
  const rows = await queryRows<KeywordRecord & { match_count?: number }>(
    db,
    sql`
    SELECT ${rowColumns}${counted ? sql`, count(*) OVER () AS match_count` : sql``}
    FROM keywords
    WHERE ${whereClause(query, choice.plan !== 'browse')}
    ORDER BY ${sortKey} ${direction}, id ${direction}
    LIMIT ${query.limit} OFFSET ${query.offset}
  `,
  );
  const total = counted && rows[0] ? Number(rows[0].match_count) : null;
  return { rows: rows.map(({ match_count: _, ...row }) => normalizeKeywordRecord(row)), total };
}

/**
 * A search's page and total, each by the cheapest way that stays exact: the total from the page
 * statement or a short page when they give it, else from `countMatches`.
 */
export function runSearch(
  db: Database,
  query: SearchQuery,
): Promise<{ rows: KeywordRecord[]; total: { total: number; estimated: boolean } }> {
  return inHeavyReadLane(db, () => searchNow(db, query));
}

async function searchNow(
  db: Database,
  query: SearchQuery,
): Promise<{ rows: KeywordRecord[]; total: { total: number; estimated: boolean } }> {
  const choice = await choosePlan(db, query);
  const page = query.limit > 0 ? await searchPage(db, query, choice) : { rows: [], total: null };
  const { rows } = page;
  // A short page is the end of the matches: the total is exact then, whatever the estimate said.
  const endsHere = query.limit > 0 && rows.length < query.limit && (rows.length > 0 || query.offset === 0);
  if (page.total !== null) return { rows, total: { total: page.total, estimated: false } };
  if (endsHere) return { rows, total: { total: query.offset + rows.length, estimated: false } };
  return { rows, total: await countMatches(db, query, choice.estimates) };
}

/** An upper bound on a search's matches from the gram statistics (infinite without them). */
function matchBound(query: SearchQuery, estimates: Array<WordEstimate | null>): number {
  if (query.words.length === 0 || estimates.length !== query.words.length) return Number.POSITIVE_INFINITY;
  return estimates.reduce((sum, estimate) => sum + (estimate ? estimate.matches : Number.POSITIVE_INFINITY), 0);
}

/**
 * The page from the gram heads: each word's best matches from the head of its rarest gram, merged by
 * rank. Exact, because a head holds the best-ranked keywords of a gram every match must contain.
 * No page when a head holds too few matches; `share` then says what part of the first word's head
 * that was read matched.
 */
async function selectFromHeads(
  db: Database,
  query: SearchQuery,
  estimates: WordEstimate[],
): Promise<{ page: KeywordRecord[] | null; share: number }> {
  const pageEnd = query.offset + query.limit;
  const perWord = await Promise.all(
    query.words.map((word, i) =>
      selectFromHead<KeywordRecord>(db, {
        scope: query.scope,
        gram: estimates[i]!.gram,
        pattern: likeContains(word),
        wanted: pageEnd,
        columns: rowColumns,
      }),
    ),
  );
  const first = perWord[0]!;
  const share = first.sampled > 0 ? first.rows.length / first.sampled : 0;
  if (perWord.some((head) => !head.enough)) return { page: null, share };
  const byId = new Map<number, KeywordRecord>();
  for (const row of perWord.flatMap((head) => head.rows)) byId.set(Number(row.id), normalizeKeywordRecord(row));
  const merged = [...byId.values()].sort((a, b) => b.search_index - a.search_index || b.id - a.id);
  return { page: merged.slice(query.offset, pageEnd), share };
}

/**
 * The plan after the heads held too few matches. The share of the head that matched says how many
 * of the gram's keywords match at all: few (a long word whose bigrams are common but rarely together)
 * go to the n-gram index; many that sit low in the ranking may still be walked.
 */
function scanAfterHeads(query: SearchQuery, estimates: WordEstimate[], share: number) {
  if (query.words.length !== 1) return gramsScan;
  const estimate = estimates[0]!;
  const matches = Math.ceil(estimate.matches * share);
  return chooseScan({ ...estimate, matches }, query.offset + query.limit);
}

/**
 * Walks the search-index index (index-only: it includes the keyword) reading at most `budget`
 * entries, keeps the first matches, then fetches only those rows. Null when fewer than a full page
 * turned up within the budget: the caller then asks the n-gram index, which is always exact.
 */
async function selectByIndexWalk(db: Database, query: SearchQuery, budget: number): Promise<KeywordRecord[] | null> {
  const direction = query.order === 'asc' ? sql`ASC` : sql`DESC`;
  const pageEnd = query.offset + query.limit;
  const rows = await queryRows<KeywordRecord>(
    db,
    sql`
    SELECT ${rowColumns} FROM keywords WHERE id IN (
      SELECT id FROM (
        SELECT id, keyword, search_index FROM keywords
        WHERE platform = ${query.scope.platform} AND country = ${query.scope.country}
        ORDER BY search_index ${direction}, id ${direction}
        LIMIT ${budget}
      ) AS head
      WHERE lower(keyword) LIKE ${likeContains(query.words[0]!)}
      ORDER BY search_index ${direction}, id ${direction}
      LIMIT ${pageEnd}
    )
    ORDER BY search_index ${direction}, id ${direction}
  `,
  );
  if (rows.length < pageEnd) return null;
  return rows.slice(query.offset).map(normalizeKeywordRecord);
}

/**
 * The total of a search without scanning large match sets: exact from the gram statistics for a
 * one- or two-character word with no filters; counted when the estimate is small; otherwise the
 * estimate itself (for a batch, the sum over its words), marked as such.
 */
export async function countMatches(
  db: Database,
  query: SearchQuery,
  estimates: Array<WordEstimate | null>,
): Promise<{ total: number; estimated: boolean }> {
  const filtered = hasFilters(query.filters);
  if (query.words.length === 0 && !filtered) {
    const size = await scopeSize(db, query.scope);
    if (size !== null) return { total: size, estimated: false };
  }
  const bound = matchBound(query, estimates);
  if (!filtered && Number.isFinite(bound)) {
    const single = query.words.length === 1 ? query.words[0]! : null;
    // One word's bound is its rarest gram's count: exact when that gram is the word itself.
    if (single !== null && [...single].length <= 2) return { total: bound, estimated: false };
    if (bound > EXACT_COUNT_LIMIT) return { total: bound, estimated: true };
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
  return counted > TOTAL_COUNT_CAP ? { total: TOTAL_COUNT_CAP, estimated: true } : { total: counted, estimated: false };
}

/**
 * Prefix suggestions ordered by search index: from the head of the input's first two characters
 * when that prefix is frequent and enough of its head starts with the whole input, else by whichever
 * index plan the prefix's frequency favours.
 */
export async function selectSuggestions(db: Database, scope: KeywordScope, prefix: string, limit: number) {
  const gram = prefixGram(scopeKey(scope), prefix);
  const startCount = (await scopeGramStats(db, scopeKey(scope)))?.counts.get(gram) ?? 0;
  if (startCount >= PREFIX_HEAD_MIN_DOCS) {
    const fromHead = await selectFromHead<{ keyword: string }>(db, {
      scope,
      gram,
      pattern: likePrefix(prefix),
      wanted: limit,
      columns: sql`keyword, search_index, id`,
    });
    // A head holding every keyword of its prefix answers even when it has fewer than asked.
    if (fromHead.enough || startCount <= HEAD_SIZE) return fromHead.rows.map((row) => row.keyword);
  }
  const estimate = await estimateWordMatches(db, scope, [...prefix].slice(0, 2).join(''));
  // A prefix matches fewer keywords than its grams do; assume a fifth when weighing the plans.
  const ordered = estimate !== null && prefersOrderedScan(estimate.matches / 5, estimate.scopeSize, limit);
  const orderKey = ordered ? sql`search_index` : sql`(search_index + 0)`;
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

/**
 * Rebuilds the gram statistics of one scope and its gram heads in one transaction (after imports and
 * in the derive job); searches see the old ones until it commits, then all the new ones together.
 */
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
    await refreshGramHeads(tx, scope);
    await tx.execute(sql`
      INSERT INTO keyword_scope_stats (scope, keyword_count, refreshed_at)
      SELECT ${key}, count(*)::int, clock_timestamp() FROM keywords
      WHERE platform = ${scope.platform} AND country = ${scope.country}
      ON CONFLICT (scope) DO UPDATE SET keyword_count = excluded.keyword_count, refreshed_at = excluded.refreshed_at
    `);
    // Plans and estimated totals come from the statistics: cached searches are void from the commit on.
    await noteLibraryChanged(tx);
  });
  forgetGramStats(db, key);
  forgetCachedSearches(db);
}

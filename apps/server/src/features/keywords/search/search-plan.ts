import type { KeywordFilters, KeywordSortField } from '@dso/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { queryGrams } from '../../../lib/grams';
import { type KeywordScope, scopeKey } from '../keyword-scope';
import { HEAD_MIN_DOCS, HEAD_SIZE } from './gram-heads';
import { scopeGramStats } from './gram-stats';

/*
 * The search planner: what a search asks for, and how to run it (browse, gram heads, an ordered index
 * walk or the n-gram index) from the gram statistics and a cost model. It reads statistics only; the
 * statements that run each plan are in keyword-search.repository.ts.
 */

/**
 * Cost model for choosing a plan. Walking the sort index reads about `pageEnd × scope / matches`
 * index entries (cheap: index-only, LIKE on the included keyword); the n-gram plan fetches every
 * match from the heap and sorts (about six times dearer per row). The walk wins once
 * matches² > pageEnd × scope / 6.
 */
const HEAP_FETCH_COST_RATIO = 6;

export function prefersOrderedScan(matches: number, scopeSize: number, pageEnd: number): boolean {
  return matches * matches * HEAP_FETCH_COST_RATIO > pageEnd * scopeSize;
}

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

export interface WordEstimate {
  /** The smallest document count among the word's grams: an upper bound on matches, exact for one or two characters. */
  matches: number;
  /** The gram with that count: every match contains it. */
  gram: number;
  /** The grams the n-gram index intersects to find the word's candidates ({@link selectiveGrams}). */
  indexGrams: number[];
  /** Keywords in the scope when its statistics were rebuilt. */
  scopeSize: number;
}

/**
 * A gram this many times commoner than the word's rarest one is left out of the n-gram index's intersection: its
 * posting list costs more to read than the few candidates it would remove (学生, in 1.2M of 10M keywords, tripled the
 * index time of 郑州学生 for 2% fewer candidates), and the LIKE recheck removes them anyway.
 */
const COMMON_GRAM_RATIO = 4;

/**
 * The grams worth intersecting in the n-gram index, rarest first: the two rarest (adjacent bigrams of a word narrow
 * each other most) and any other no more than {@link COMMON_GRAM_RATIO} times commoner than the rarest.
 */
export function selectiveGrams(counts: Array<{ gram: number; matches: number }>): number[] {
  const sorted = [...counts].sort((a, b) => a.matches - b.matches);
  const rarest = sorted[0]?.matches ?? 0;
  return sorted
    .filter((entry, rank) => rank < 2 || entry.matches <= rarest * COMMON_GRAM_RATIO)
    .map((entry) => entry.gram);
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
  const counts = queryGrams(key, word).map((gram) => ({ gram, matches: stats.counts.get(gram) ?? 0 }));
  const indexGrams = selectiveGrams(counts);
  const rarest = counts.find((entry) => entry.gram === indexGrams[0]);
  return { gram: rarest?.gram ?? 0, matches: rarest?.matches ?? 0, indexGrams, scopeSize: stats.size };
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

export function hasFilters(filters: KeywordFilters) {
  return filterConditions(filters).length > 0;
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

/** An upper bound on a search's matches from the gram statistics (infinite without them). */
export function matchBound(query: SearchQuery, estimates: Array<WordEstimate | null>): number {
  if (query.words.length === 0 || estimates.length !== query.words.length) return Number.POSITIVE_INFINITY;
  return estimates.reduce((sum, estimate) => sum + (estimate ? estimate.matches : Number.POSITIVE_INFINITY), 0);
}

/**
 * The plan after the heads held too few matches. The share of the head that matched says how many
 * of the gram's keywords match at all: few (a long word whose bigrams are common but rarely together)
 * go to the n-gram index; many that sit low in the ranking may still be walked.
 */
export function scanAfterHeads(query: SearchQuery, estimates: WordEstimate[], share: number) {
  if (query.words.length !== 1) return gramsScan;
  const estimate = estimates[0]!;
  const matches = Math.ceil(estimate.matches * share);
  return chooseScan({ ...estimate, matches }, query.offset + query.limit);
}

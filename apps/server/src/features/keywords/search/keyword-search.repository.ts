import type { KeywordSortField } from '@dso/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, inHeavyReadLane, queryRows } from '../../../db/client';
import { TOTAL_COUNT_CAP } from '../../../lib/capped-count';
import { prefixGram, queryGrams } from '../../../lib/grams';
import { likeContains, likePrefix } from '../../../lib/like-patterns';
import { type KeywordRecord, keywordRecordColumns, normalizeKeywordRecord } from '../keyword-record';
import { type KeywordScope, scopeKey } from '../keyword-scope';
import { HEAD_SIZE, PREFIX_HEAD_MIN_DOCS, refreshGramHeads, selectFromHead } from './gram-heads';
import { forgetGramStats, scopeGramStats } from './gram-stats';
import { forgetCachedSearches, noteLibraryChanged } from './search-cache';
import {
  choosePlan,
  estimateWordMatches,
  filterConditions,
  hasFilters,
  matchBound,
  type PlanChoice,
  prefersOrderedScan,
  type SearchQuery,
  scanAfterHeads,
  scopeSize,
  type WordEstimate,
} from './search-plan';

// What other modules have always imported from here, planner and executors alike.
export {
  choosePlan,
  estimateWordMatches,
  filterConditions,
  type KeywordScope,
  prefersOrderedScan,
  type SearchQuery,
  scopeKey,
  scopeSize,
};

/*
 * The statements that run a search in the plan search-plan.ts chooses, count its matches, suggest
 * keywords by prefix and rebuild the gram statistics the planner reads.
 */

/** Totals up to this many matches are counted exactly; above it the gram estimate is reported. */
export const EXACT_COUNT_LIMIT = 1_000;

const sortColumns: Record<KeywordSortField, SQL> = {
  search_index: sql`search_index`,
  month_cover_count: sql`month_cover_count`,
  competition: sql`competition`,
  related_work_count: sql`related_work_count`,
  growth_rate: sql`growth_rate`,
  first_seen: sql`first_seen`,
};

/**
 * Substring match of one word; with `grams`, the n-gram index finds the candidates: the word's selective grams when
 * the statistics gave them, else all of its grams.
 */
function wordMatch(scope: KeywordScope, word: string, grams: { estimate: WordEstimate | null } | null): SQL {
  const like = sql`lower(keyword) LIKE ${likeContains(word)}`;
  if (!grams) return like;
  const indexGrams = grams.estimate?.indexGrams ?? queryGrams(scopeKey(scope), word);
  return sql`(grams @> ${sql.param(indexGrams)}::int[] AND ${like})`;
}

/** The search's conditions; `estimates` (one per word) when the n-gram index finds the candidates, else null. */
function whereClause(query: SearchQuery, estimates: Array<WordEstimate | null> | null): SQL {
  const conditions = [sql`platform = ${query.scope.platform}`, sql`country = ${query.scope.country}`];
  const match = (word: string, i: number) =>
    wordMatch(query.scope, word, estimates ? { estimate: estimates[i] ?? null } : null);
  if (query.words.length === 1) conditions.push(match(query.words[0]!, 0));
  if (query.words.length > 1) conditions.push(sql`(${sql.join(query.words.map(match), sql` OR `)})`);
  conditions.push(...filterConditions(query.filters));
  return sql.join(conditions, sql` AND `);
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
    WHERE ${whereClause(query, choice.plan !== 'browse' ? choice.estimates : null)}
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
  const rows = await queryRows<{ total: number }>(
    db,
    sql`
    SELECT count(*)::int AS total FROM (
      SELECT 1 FROM keywords WHERE ${whereClause(query, query.words.length > 0 ? estimates : null)} LIMIT ${TOTAL_COUNT_CAP + 1}
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

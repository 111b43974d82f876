import type { KeywordMatch } from '@dso/contract';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../db/client';
import { likeContains } from '../../../lib/like-patterns';
import { type KeywordRecord, keywordRecordColumns, normalizeKeywordRecord } from '../keyword-record';
import { EXACT_COUNT_LIMIT, filterConditions, runSearch, type SearchQuery } from './keyword-search.repository';
import type { SearchResult } from './search-cache';

/** A search row with how it matched: literal rows carry no mark, related rows `industry` or `synonym`. */
export type SearchRecord = KeywordRecord & { match?: Exclude<KeywordMatch, 'literal'> };

/**
 * Words a marketer uses for the same thing, drawn from the industry vocabulary (宝宝/婴儿/母婴, 猫/猫咪/猫粮).
 * A search for one word also lists, after its literal matches, the keywords holding another of its group.
 * Kept small on purpose: a loose table fills a precise search with noise.
 */
export const synonymGroups: string[][] = [
  ['宝宝', '婴儿', '母婴', '新生儿'],
  ['猫', '猫咪', '猫粮'],
  ['狗', '狗狗', '狗粮'],
  ['家居', '家装', '装修'],
  ['美妆', '化妆', '彩妆'],
  ['旅游', '旅行'],
  ['教育', '培训'],
];

/** At most this many related rows follow the literal matches: the industry's and synonyms' best, not all of them. */
export const RELATED_ROWS_MAX = 200;
/**
 * Index entries (by search index, descending) the industry lookup reads at most. An industry of the
 * library holds a few percent of it, so its best words sit near the top; the budget bounds the lookup
 * on a large library whatever the filters.
 */
const INDUSTRY_WALK_BUDGET = 20_000;

/** The other words of the word's synonym groups. */
export function synonymsOf(word: string): string[] {
  const lower = word.toLowerCase();
  const found = synonymGroups.filter((group) => group.includes(lower)).flat();
  return [...new Set(found)].filter((other) => other !== lower);
}

/**
 * The industries a word names: those whose name contains it or one of its synonyms (母婴 → 母婴亲子,
 * 数码 → 数码家电, 宠物 → 宠物), from the library's own industries. Single characters name none.
 */
export function industriesNamedBy(word: string, industries: string[]): string[] {
  const names = [word.toLowerCase(), ...synonymsOf(word)].filter((name) => [...name].length >= 2);
  return industries.filter((industry) => names.some((name) => industry.includes(name)));
}

/** The library's industries, as the derive job counted them (`keyword_industry_stats`, by primary key). */
async function libraryIndustries(db: Database, query: SearchQuery): Promise<string[]> {
  const rows = await queryRows<{ industry: string }>(
    db,
    sql`SELECT industry FROM keyword_industry_stats
        WHERE platform = ${query.scope.platform} AND country = ${query.scope.country} AND industry <> ''`,
  );
  return rows.map((row) => row.industry);
}

/**
 * A one-word search with the rows its word means but does not contain: literal matches first by the
 * usual plans, then the keywords holding a synonym and the best words of the industries it names,
 * merged by search index (each marked, at most `RELATED_ROWS_MAX`). The related rows are looked up only when the page reaches past
 * the literal matches or those are few (an exact total of at most 1,000), so a common word costs
 * nothing more and the total stays the same from page to page.
 */
export async function searchWithRelated(db: Database, query: SearchQuery): Promise<SearchResult> {
  const literal = await runSearch(db, query);
  const word = query.words.length === 1 ? query.words[0]! : null;
  if (word === null) return literal;
  const pageShort = literal.rows.length < query.limit;
  const few = !literal.total.estimated && literal.total.total <= EXACT_COUNT_LIMIT;
  if (!(pageShort || few) || literal.total.estimated) return literal;
  const related = await relatedRows(db, query, word);
  if (related.length === 0) return literal;
  const literalTotal = literal.total.total;
  const start = Math.max(0, query.offset - literalTotal);
  const wanted = query.limit - literal.rows.length;
  const rows: SearchRecord[] = [...literal.rows, ...related.slice(start, start + wanted)];
  return { rows, total: { total: literalTotal + related.length, estimated: false } };
}

/**
 * The related rows of a word, best first by search index: the matches of its synonyms and the best
 * words of the industries it names, merged (a row found both ways is marked a synonym's).
 */
async function relatedRows(db: Database, query: SearchQuery, word: string): Promise<SearchRecord[]> {
  const synonyms = synonymsOf(word);
  const industries = industriesNamedBy(word, await libraryIndustries(db, query));
  if (synonyms.length === 0 && industries.length === 0) return [];
  const lower = word.toLowerCase();
  const byId = new Map<number, SearchRecord>();
  const add = (rows: KeywordRecord[], match: 'industry' | 'synonym') => {
    for (const row of rows) {
      if (!byId.has(row.id) && !row.keyword.toLowerCase().includes(lower)) byId.set(row.id, { ...row, match });
    }
  };
  if (synonyms.length > 0) {
    const found = await runSearch(db, {
      ...query,
      words: synonyms,
      sort: 'search_index',
      order: 'desc',
      // Rows holding the word itself are dropped after the search: ask for enough to fill the rest.
      limit: RELATED_ROWS_MAX * 2,
      offset: 0,
    });
    add(found.rows, 'synonym');
  }
  if (industries.length > 0) add(await industryBest(db, query, industries, lower), 'industry');
  return [...byId.values()].sort((a, b) => b.search_index - a.search_index || b.id - a.id).slice(0, RELATED_ROWS_MAX);
}

/**
 * The best words of some industries that do not contain the word: a walk of the search-index index
 * (bounded by `INDUSTRY_WALK_BUDGET` entries), the industry and filters checked on the rows it reaches.
 */
async function industryBest(
  db: Database,
  query: SearchQuery,
  industries: string[],
  word: string,
): Promise<KeywordRecord[]> {
  const { platform, country } = query.scope;
  const conditions = [
    sql`industry IN (${sql.join(
      industries.map((industry) => sql`${industry}`),
      sql`, `,
    )})`,
    sql`lower(keyword) NOT LIKE ${likeContains(word)}`,
    ...filterConditions(query.filters),
  ];
  // The walk runs in order and stops at the last row wanted: a large industry is found in a few
  // thousand entries; the budget only bounds a rare one (or a narrow filter).
  const rows = await queryRows<KeywordRecord>(
    db,
    sql`
    SELECT ${keywordRecordColumns()} FROM (
      SELECT * FROM keywords WHERE platform = ${platform} AND country = ${country}
      ORDER BY search_index DESC, id DESC
      LIMIT ${INDUSTRY_WALK_BUDGET}
    ) AS head
    WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY search_index DESC, id DESC
    LIMIT ${RELATED_ROWS_MAX}
  `,
  );
  return rows.map(normalizeKeywordRecord);
}

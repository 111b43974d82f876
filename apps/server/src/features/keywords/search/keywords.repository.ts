import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../db/client';
import { countries, searchHistory } from '../../../db/schema';
import { sampleLongTails } from '../demo/head-terms';
import type { KeywordScope } from './keyword-search.repository';

/** Keeps at most this many entries per user and type; the client asks for 10. */
const HISTORY_KEEP = 50;

export async function recordHistory(db: Database, userId: number, type: string, keywords: string[]) {
  if (keywords.length === 0) return;
  await db
    .insert(searchHistory)
    .values(keywords.map((keyword) => ({ userId, type, keyword })))
    .onConflictDoUpdate({
      target: [searchHistory.userId, searchHistory.type, searchHistory.keyword],
      set: { searchedAt: sql`now()` },
    });
  await db.execute(sql`
    DELETE FROM search_history WHERE user_id = ${userId} AND type = ${type} AND keyword IN (
      SELECT keyword FROM search_history WHERE user_id = ${userId} AND type = ${type}
      ORDER BY searched_at DESC OFFSET ${HISTORY_KEEP}
    )
  `);
}

export async function selectHistory(db: Database, userId: number, type: string, size: number) {
  const rows = await db
    .select({ keyword: searchHistory.keyword })
    .from(searchHistory)
    .where(and(eq(searchHistory.userId, userId), eq(searchHistory.type, type)))
    .orderBy(desc(searchHistory.searchedAt), asc(searchHistory.keyword))
    .limit(size);
  return rows.map((row) => row.keyword);
}

export async function deleteHistory(db: Database, userId: number, types: string[], keyword?: string) {
  await db
    .delete(searchHistory)
    .where(
      and(
        eq(searchHistory.userId, userId),
        inArray(searchHistory.type, types),
        keyword === undefined ? undefined : eq(searchHistory.keyword, keyword),
      ),
    );
}

/** What many users searched under a history type in the last 7 days, most searchers first. */
export async function selectTrendingSearches(db: Database, type: string, limit: number) {
  const rows = await queryRows<{ keyword: string }>(
    db,
    sql`
    SELECT keyword FROM search_history
    WHERE type = ${type} AND searched_at > now() - interval '7 days'
    GROUP BY keyword HAVING count(*) >= 2
    ORDER BY count(*) DESC, max(searched_at) DESC
    LIMIT ${limit}
  `,
  );
  return rows.map((row) => row.keyword);
}

/** Figures of named keywords in a library (for popular and root words). */
export async function selectKeywordFigures(db: Database, scope: KeywordScope, words: string[]) {
  if (words.length === 0) return [];
  return queryRows<{ keyword: string; search_index: number; competition: number }>(
    db,
    sql`
    SELECT keyword, search_index, competition FROM keywords
    WHERE platform = ${scope.platform} AND country = ${scope.country} AND keyword = ANY(${sql.param(words)}::text[])
  `,
  );
}

/** The library's top keywords by search index, optionally only those of a kind. */
export async function selectTopKeywords(
  db: Database,
  scope: KeywordScope,
  limit: number,
  where: 'all' | 'commerce' | 'blue_ocean' = 'all',
) {
  const extra =
    where === 'commerce' ? sql`AND commerce_intent` : where === 'blue_ocean' ? sql`AND is_blue_ocean` : sql``;
  return queryRows<{ keyword: string; search_index: number }>(
    db,
    sql`
    SELECT keyword, search_index FROM keywords
    WHERE platform = ${scope.platform} AND country = ${scope.country} ${extra}
    ORDER BY search_index DESC, id DESC LIMIT ${limit}
  `,
  );
}

/** Long-tail phrases offered to the blue-ocean lookup per call: enough that a handful of them are blue ocean. */
const TRY_CANDIDATES = 80;

/**
 * A random sample of blue-ocean words for the SEO page's tries (试试). Tries should read as searches
 * people make, so they come from a random draw of head-term long tails (露营装备推荐, 北京美食 …) that
 * the library holds as blue-ocean words; a library without enough of them (imported data) offers its
 * best-ranked blue-ocean words instead.
 */
export async function selectRandomBlueOcean(db: Database, scope: KeywordScope, limit: number) {
  const phrases = await queryRows<{ keyword: string }>(
    db,
    sql`
    SELECT keyword FROM keywords
    WHERE platform = ${scope.platform} AND country = ${scope.country} AND is_blue_ocean
      AND keyword = ANY(${sql.param(sampleLongTails(TRY_CANDIDATES))}::text[])
    ORDER BY random() LIMIT ${limit}
  `,
  );
  if (phrases.length === limit) return phrases.map((row) => row.keyword);
  const rows = await queryRows<{ keyword: string }>(
    db,
    sql`
    SELECT keyword FROM (
      SELECT keyword FROM keywords
      WHERE platform = ${scope.platform} AND country = ${scope.country} AND is_blue_ocean
      ORDER BY search_index DESC, id DESC LIMIT 500
    ) AS pool ORDER BY random() LIMIT ${limit}
  `,
  );
  return rows.map((row) => row.keyword);
}

export async function selectCountries(db: Database) {
  return db
    .select({
      country_code: countries.code,
      country_name_cn: countries.nameCn,
      country_translation: countries.translation,
    })
    .from(countries)
    .orderBy(asc(countries.sort));
}

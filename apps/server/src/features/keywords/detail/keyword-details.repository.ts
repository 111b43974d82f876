import {
  type BoardKind,
  type KeywordSource,
  keywordSourceSchema,
  type Platform,
  type TsoTopicKind,
} from '@dso/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../db/client';
import { TOTAL_COUNT_CAP } from '../../../lib/capped-count';
import { likePrefix } from '../../../lib/like-patterns';
import { dayOf, type KeywordRecord, keywordRecordColumns, normalizeKeywordRecord } from '../keyword-record';
import type { KeywordScope } from '../search/keyword-search.repository';

/**
 * SQL of the keyword pages beyond search: one keyword's record, trend, portrait and figures on every
 * library, the daily detail opens, related words, boards and TSO topics.
 */

const recordColumns = keywordRecordColumns('k');

export async function findKeyword(db: Database, scope: KeywordScope, keyword: string): Promise<KeywordRecord | null> {
  const rows = await queryRows<KeywordRecord>(
    db,
    sql`SELECT ${recordColumns} FROM keywords k
        WHERE k.platform = ${scope.platform} AND k.country = ${scope.country} AND k.keyword = ${keyword}`,
  );
  return rows[0] ? normalizeKeywordRecord(rows[0]) : null;
}

/** Where a keyword's figures came from: its collection's provider, else the demo or an import. */
export async function sourceOfKeyword(db: Database, id: number): Promise<KeywordSource> {
  const [row] = await queryRows<{ source: string | null; is_demo: boolean }>(
    db,
    sql`SELECT source, is_demo FROM keywords WHERE id = ${id}`,
  );
  const named = keywordSourceSchema.safeParse(row?.source);
  return named.success ? named.data : row?.is_demo ? 'demo' : 'import';
}

/** Records of named keywords of a library (root words), highest search index first. */
export async function findKeywords(db: Database, scope: KeywordScope, words: string[]): Promise<KeywordRecord[]> {
  if (words.length === 0) return [];
  const rows = await queryRows<KeywordRecord>(
    db,
    sql`SELECT ${recordColumns} FROM keywords k
        WHERE k.platform = ${scope.platform} AND k.country = ${scope.country} AND k.keyword = ANY(${sql.param(words)}::text[])
        ORDER BY k.search_index DESC, k.id DESC`,
  );
  return rows.map(normalizeKeywordRecord);
}

/** A keyword's stored daily series: search index (`values`) and overall index (null elements: no figure that day). */
export async function selectTrend(db: Database, keywordId: number) {
  const rows = await queryRows<{ start_day: unknown; values: unknown; overall: unknown }>(
    db,
    sql`SELECT start_day, values, overall FROM keyword_trends WHERE keyword_id = ${keywordId}`,
  );
  const row = rows[0];
  if (!row) return null;
  const values = parseIntArray(row.values).map((value) => value ?? 0);
  const overall = row.overall === null || row.overall === undefined ? null : parseIntArray(row.overall);
  return { startDay: dayOf(row.start_day), values, overall };
}

/** int[] as numbers (null for a NULL element), whichever driver returned it. */
function parseIntArray(value: unknown): Array<number | null> {
  if (Array.isArray(value)) return value.map((item) => (item === null ? null : Number(item)));
  return String(value)
    .replace(/[{}]/g, '')
    .split(',')
    .filter(Boolean)
    .map((item) => (item === 'NULL' ? null : Number(item)));
}

/** The same word in several libraries at once (the side-by-side table). */
export async function findAcrossScopes(
  db: Database,
  scopes: KeywordScope[],
  keyword: string,
): Promise<KeywordRecord[]> {
  const pairs = sql.join(
    scopes.map((scope) => sql`(${scope.platform}, ${scope.country})`),
    sql`, `,
  );
  const rows = await queryRows<KeywordRecord>(
    db,
    sql`SELECT ${recordColumns} FROM keywords k
        WHERE k.keyword = ${keyword} AND (k.platform, k.country) IN (${pairs})`,
  );
  return rows.map(normalizeKeywordRecord);
}

export interface IndustryStats {
  industry: string;
  keyword_count: number;
  median_search_index: number;
  median_related_work_count: number;
  median_works_per_index: number;
  median_competition: number;
  median_growth_rate: number;
  as_of: string;
}

/** The medians of a library's industry ('' = the whole library), or null before the first derive. */
export async function findIndustryStats(
  db: Database,
  scope: KeywordScope,
  industry: string,
): Promise<IndustryStats | null> {
  const rows = await queryRows<IndustryStats>(
    db,
    sql`SELECT industry, keyword_count, median_search_index, median_related_work_count, median_works_per_index,
          median_competition, median_growth_rate, as_of
        FROM keyword_industry_stats WHERE platform = ${scope.platform} AND country = ${scope.country} AND industry = ${industry}`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    industry: row.industry,
    keyword_count: Number(row.keyword_count),
    median_search_index: Number(row.median_search_index),
    median_related_work_count: Number(row.median_related_work_count),
    median_works_per_index: Number(row.median_works_per_index),
    median_competition: Number(row.median_competition),
    median_growth_rate: Number(row.median_growth_rate),
    as_of: dayOf(row.as_of),
  };
}

export async function findPortrait(db: Database, keywordId: number) {
  const rows = await queryRows<{ portrait: unknown; as_of: unknown }>(
    db,
    sql`SELECT portrait, as_of FROM keyword_portraits WHERE keyword_id = ${keywordId}`,
  );
  const row = rows[0];
  if (!row) return null;
  const portrait = typeof row.portrait === 'string' ? JSON.parse(row.portrait) : row.portrait;
  return { portrait: portrait as Record<string, unknown>, asOf: dayOf(row.as_of) };
}

/**
 * The stored portraits an estimate is made from, in one query: up to `limit` of the library's words of
 * the given industry with a portrait, highest search index first, then (when the industry has fewer)
 * other words of the library, each marked whether it shares the industry.
 */
export async function findPortraitSources(db: Database, scope: KeywordScope, industry: string | null, limit: number) {
  const rows = await queryRows<{ portrait: unknown; as_of: unknown; same_industry: boolean }>(
    db,
    sql`SELECT p.portrait, p.as_of, (k.industry IS NOT DISTINCT FROM ${industry}) AS same_industry
        FROM keyword_portraits p JOIN keywords k ON k.id = p.keyword_id
        WHERE k.platform = ${scope.platform} AND k.country = ${scope.country}
        ORDER BY same_industry DESC, k.search_index DESC, k.id DESC LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    portrait: (typeof row.portrait === 'string' ? JSON.parse(row.portrait) : row.portrait) as Record<string, unknown>,
    asOf: dayOf(row.as_of),
    sameIndustry: row.same_industry === true || String(row.same_industry) === 'true',
  }));
}

// ——— detail opens ———

/** Records an open of a keyword today; true when it is the first open of that keyword today. */
export async function recordDetailView(
  db: Database,
  view: { userId: number; day: string; scope: string; keyword: string },
): Promise<boolean> {
  const rows = await queryRows<{ inserted: boolean }>(
    db,
    sql`INSERT INTO keyword_detail_views (user_id, day, scope, keyword)
        VALUES (${view.userId}, ${view.day}, ${view.scope}, ${view.keyword})
        ON CONFLICT DO NOTHING RETURNING true AS inserted`,
  );
  return rows.length > 0;
}

/** Takes back an open whose count could not be spent, so trying again tomorrow counts. */
export async function forgetDetailView(
  db: Database,
  view: { userId: number; day: string; scope: string; keyword: string },
) {
  await db.execute(sql`DELETE FROM keyword_detail_views
    WHERE user_id = ${view.userId} AND day = ${view.day} AND scope = ${view.scope} AND keyword = ${view.keyword}`);
}

// ——— related words ———

/** Keywords starting with a prefix (the word itself aside), highest search index first. */
export async function selectPrefixPage(
  db: Database,
  scope: KeywordScope,
  prefix: string,
  page: { limit: number; offset: number },
): Promise<KeywordRecord[]> {
  if (page.limit <= 0) return [];
  const rows = await queryRows<KeywordRecord>(
    db,
    sql`SELECT ${recordColumns} FROM keywords k
        WHERE k.platform = ${scope.platform} AND k.country = ${scope.country}
          AND lower(k.keyword) LIKE ${likePrefix(prefix)} AND lower(k.keyword) <> ${prefix.toLowerCase()}
        ORDER BY k.search_index DESC, k.id DESC
        LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  return rows.map(normalizeKeywordRecord);
}

/** How many keywords start with a prefix (the word itself aside), counted up to the cap. */
export async function countPrefix(db: Database, scope: KeywordScope, prefix: string) {
  const rows = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM (
          SELECT 1 FROM keywords k
          WHERE k.platform = ${scope.platform} AND k.country = ${scope.country}
            AND lower(k.keyword) LIKE ${likePrefix(prefix)} AND lower(k.keyword) <> ${prefix.toLowerCase()}
          LIMIT ${TOTAL_COUNT_CAP + 1}) AS capped`,
  );
  const total = rows[0]?.total ?? 0;
  return { total: Math.min(total, TOTAL_COUNT_CAP), estimated: total > TOTAL_COUNT_CAP };
}

/** Correlation words the derive job kept for a keyword, with their current figures, best first. */
export async function selectStoredRelations(
  db: Database,
  keywordId: number,
  relation: string,
  page: { limit: number; offset: number },
): Promise<{ rows: KeywordRecord[]; total: number } | null> {
  const counted = await queryRows<{ total: number }>(
    db,
    // Only the related words the library has a row for: a collected 下拉词 may be a word it does not know yet.
    sql`SELECT count(*)::int AS total FROM keyword_relations r
        JOIN keywords self ON self.id = r.keyword_id
        JOIN keywords k ON k.platform = self.platform AND k.country = self.country AND k.keyword = r.related_keyword
        WHERE r.keyword_id = ${keywordId} AND r.relation = ${relation}`,
  );
  const total = counted[0]?.total ?? 0;
  if (total === 0) return null;
  if (page.limit <= 0) return { rows: [], total };
  const rows = await queryRows<KeywordRecord>(
    db,
    sql`SELECT ${recordColumns} FROM keyword_relations r
        JOIN keywords self ON self.id = r.keyword_id
        JOIN keywords k ON k.platform = self.platform AND k.country = self.country AND k.keyword = r.related_keyword
        WHERE r.keyword_id = ${keywordId} AND r.relation = ${relation}
        ORDER BY r.score DESC, k.id DESC
        LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  return { rows: rows.map(normalizeKeywordRecord), total };
}

// ——— boards ———

/** The latest day a board was computed for a library, or null. */
export async function latestBoardDay(
  db: Database,
  board: { board: BoardKind; platform: Platform; country: string; industry: string },
): Promise<string | null> {
  const rows = await queryRows<{ as_of: unknown }>(
    db,
    sql`SELECT max(as_of) AS as_of FROM keyword_boards
        WHERE board = ${board.board} AND platform = ${board.platform} AND country = ${board.country} AND industry = ${board.industry}`,
  );
  const day = rows[0]?.as_of;
  return day ? dayOf(day) : null;
}

export interface BoardRecord extends KeywordRecord {
  rank: number;
  rank_change: number | null;
}

/**
 * A page of a board day. `industry` picks an industry's own board ('' the whole library);
 * `keywordIndustry` keeps only that industry's words of the chosen board, with their ranks on it.
 */
export async function selectBoardPage(
  db: Database,
  board: {
    board: BoardKind;
    platform: Platform;
    country: string;
    industry: string;
    asOf: string;
    keywordIndustry?: string;
  },
  page: { limit: number; offset: number },
): Promise<{ rows: BoardRecord[]; total: number }> {
  const onlyIndustry = board.keywordIndustry ? sql`AND k.industry = ${board.keywordIndustry}` : sql``;
  const where = sql`b.board = ${board.board} AND b.platform = ${board.platform} AND b.country = ${board.country}
    AND b.industry = ${board.industry} AND b.as_of = ${board.asOf} ${onlyIndustry}`;
  const counted = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM keyword_boards b JOIN keywords k ON k.id = b.keyword_id WHERE ${where}`,
  );
  const rows =
    page.limit > 0
      ? await queryRows<BoardRecord>(
          db,
          sql`SELECT b.rank, b.rank_change, ${recordColumns} FROM keyword_boards b JOIN keywords k ON k.id = b.keyword_id
              WHERE ${where} ORDER BY b.rank LIMIT ${page.limit} OFFSET ${page.offset}`,
        )
      : [];
  return {
    total: counted[0]?.total ?? 0,
    rows: rows.map((row) => ({
      ...normalizeKeywordRecord(row),
      rank: Number(row.rank),
      rank_change: row.rank_change === null ? null : Number(row.rank_change),
    })),
  };
}

/** Industries with their own board in a library, largest first. */
export async function selectBoardIndustries(db: Database, scope: KeywordScope) {
  const rows = await queryRows<{ industry: string; keyword_count: number }>(
    db,
    sql`SELECT industry, keyword_count FROM keyword_industry_stats
        WHERE platform = ${scope.platform} AND country = ${scope.country} AND industry <> ''
        ORDER BY keyword_count DESC, industry`,
  );
  return rows.map((row) => ({ industry: row.industry, keyword_count: Number(row.keyword_count) }));
}

// ——— TSO topics ———

export interface TopicRecord {
  id: number;
  kind: TsoTopicKind;
  country: string;
  topic: string;
  views: number;
  video_count: number;
  growth_rate: number;
  as_of: string;
}

const topicSorts: Record<'views' | 'video_count' | 'growth_rate', SQL> = {
  views: sql`views`,
  video_count: sql`video_count`,
  growth_rate: sql`growth_rate`,
};

function normalizeTopic(row: TopicRecord): TopicRecord {
  return {
    ...row,
    id: Number(row.id),
    views: Number(row.views),
    video_count: Number(row.video_count),
    growth_rate: Number(row.growth_rate),
    as_of: dayOf(row.as_of),
  };
}

export async function selectTopicPage(
  db: Database,
  query: { kind: TsoTopicKind; country: string; sort: keyof typeof topicSorts },
  page: { limit: number; offset: number },
): Promise<{ rows: TopicRecord[]; total: number }> {
  const counted = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM tso_topics WHERE kind = ${query.kind} AND country = ${query.country}`,
  );
  const rows =
    page.limit > 0
      ? await queryRows<TopicRecord>(
          db,
          sql`SELECT id, kind, country, topic, views, video_count, growth_rate, as_of FROM tso_topics
              WHERE kind = ${query.kind} AND country = ${query.country}
              ORDER BY ${topicSorts[query.sort]} DESC, id
              LIMIT ${page.limit} OFFSET ${page.offset}`,
        )
      : [];
  return { total: counted[0]?.total ?? 0, rows: rows.map(normalizeTopic) };
}

/** One topic and its rank by views in its list. */
export async function findTopic(db: Database, query: { kind: TsoTopicKind; country: string; topic: string }) {
  const rows = await queryRows<TopicRecord & { rank: number }>(
    db,
    sql`SELECT * FROM (
          SELECT id, kind, country, topic, views, video_count, growth_rate, as_of,
            row_number() OVER (ORDER BY views DESC, id) AS rank
          FROM tso_topics WHERE kind = ${query.kind} AND country = ${query.country}
        ) AS ranked WHERE topic = ${query.topic}`,
  );
  const row = rows[0];
  return row ? { ...normalizeTopic(row), rank: Number(row.rank) } : null;
}

/**
 * The keywords of a country's TSO library made of a topic's words: a hashtag is its words run
 * together, so a keyword matches when, with its spaces removed, it is in the topic or contains it
 * (case-insensitive). Highest search index first.
 */
export async function selectTopicKeywords(
  db: Database,
  query: { country: string; topic: string; limit: number },
): Promise<KeywordRecord[]> {
  const topic = query.topic.toLowerCase();
  const rows = await queryRows<KeywordRecord>(
    db,
    sql`SELECT ${recordColumns} FROM keywords k WHERE k.platform = 'TSO' AND k.country = ${query.country}
          AND (strpos(${topic}, replace(lower(k.keyword), ' ', '')) > 0
            OR strpos(replace(lower(k.keyword), ' ', ''), ${topic}) > 0)
        ORDER BY k.search_index DESC, k.id DESC LIMIT ${query.limit}`,
  );
  return rows.map(normalizeKeywordRecord);
}

import { type BoardKind, boardKindSchema } from '@dso/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../db/client';
import { yieldToEventLoop } from '../../../lib/yield-to-event-loop';
import { dayOf } from '../keyword-record';
import { type KeywordScope, scopeSize } from '../search/keyword-search.repository';

/** Rows kept per board over the whole library, and per industry on the industry boards. */
export const BOARD_SIZE = 1000;
export const INDUSTRY_BOARD_SIZE = 100;
/**
 * Boards ranked per industry as well (the industry tabs of /KeywordDouyinHot/industry*). The others
 * filtered by an industry keep their ranks over the whole library.
 */
export const INDUSTRY_BOARDS: ReadonlySet<BoardKind> = new Set(['industryHot', 'industryHeight', 'industryLast']);
/** Board days kept for rank changes and history. */
export const BOARD_HISTORY_DAYS = 30;
/** Libraries up to this size are read into memory once per board day (see computeBoardsForDay). */
const MATERIALIZE_MAX_KEYWORDS = 300_000;
/** Demand a word needs before its growth counts as a surge (tiny words swing wildly). */
export const SURGE_MIN_INDEX = 1_000;

/**
 * How a board is made from the library (docs/keywords.md): which words qualify and how they rank.
 * Columns are those of the `src` relation the derive query builds (today's figures, or yesterday's
 * estimated from the daily trends when a library gets its first boards).
 */
export interface BoardRule {
  /** Which words qualify. */
  filter: SQL;
  /** Best first; ties go to the newer id. */
  order: SQL;
}

export const boardRules: Record<BoardKind, BoardRule> = {
  /** Blue-ocean words (high demand, few works, ≤ 2 stars) by search index. */
  blue: { filter: sql`src.is_blue_ocean`, order: sql`src.search_index DESC` },
  /** Words with an industry by search index. */
  industryHot: { filter: sql`src.industry IS NOT NULL`, order: sql`src.search_index DESC` },
  /** Words with commerce intent by related works (the most sellers' videos). */
  commerceHotSell: { filter: sql`src.commerce_intent`, order: sql`src.related_work_count DESC, src.search_index DESC` },
  /** Words with an industry and real demand by 7-day growth. */
  industryHeight: {
    filter: sql`src.industry IS NOT NULL AND src.search_index >= ${SURGE_MIN_INDEX} AND src.growth_rate > 0`,
    order: sql`src.growth_rate DESC, src.search_index DESC`,
  },
  /** Content topics (no commerce intent) by search index. */
  topicList: { filter: sql`NOT src.commerce_intent`, order: sql`src.search_index DESC` },
  /** Words with commerce intent by search index. */
  commerceHot: { filter: sql`src.commerce_intent`, order: sql`src.search_index DESC` },
  /** Words with an industry, newest first seen first. */
  industryLast: { filter: sql`src.industry IS NOT NULL`, order: sql`src.first_seen DESC, src.search_index DESC` },
  /** Content topics with real demand by 7-day growth. */
  topicSurge: {
    filter: sql`NOT src.commerce_intent AND src.search_index >= ${SURGE_MIN_INDEX} AND src.growth_rate > 0`,
    order: sql`src.growth_rate DESC, src.search_index DESC`,
  },
  /** Words with commerce intent, newest first seen first. */
  commerceLast: { filter: sql`src.commerce_intent`, order: sql`src.first_seen DESC, src.search_index DESC` },
};

/**
 * The relation boards rank: the library's figures on `day`. Today (`asOf`) they are the columns; for
 * the day before (`shifted`), the search index and the growth of words with a daily trend come from
 * the temporary `yesterday_figures` (see {@link computeBoards}). Words first seen after the day are
 * left out.
 */
function sourceFor(scope: KeywordScope, day: string, shifted: boolean, ids?: readonly number[]): SQL {
  const only = ids ? sql` AND k.id = ANY(${sql.param(ids)}::bigint[])` : sql``;
  const where = sql`k.platform = ${scope.platform} AND k.country = ${scope.country} AND k.first_seen <= ${day}::date${only}`;
  if (!shifted) {
    return sql`(SELECT k.id, k.industry, k.commerce_intent, k.is_blue_ocean, k.first_seen, k.search_index,
      k.related_work_count, k.growth_rate FROM keywords k WHERE ${where})`;
  }
  return sql`(SELECT k.id, k.industry, k.commerce_intent, k.is_blue_ocean, k.first_seen,
      coalesce(y.search_index, k.search_index) AS search_index, k.related_work_count,
      coalesce(y.growth_rate, k.growth_rate) AS growth_rate
    FROM keywords k LEFT JOIN yesterday_figures y ON y.id = k.id WHERE ${where})`;
}

/**
 * Yesterday's search index (the trend's second-to-last value) and growth (its last 7 days n-7 … n-1
 * against the 7 before, n-14 … n-8) of every word of the library with a daily trend, in a temporary
 * table dropped at the end of the transaction.
 */
async function createYesterdayFigures(tx: Database, scope: KeywordScope) {
  await tx.execute(sql`
    CREATE TEMPORARY TABLE yesterday_figures ON COMMIT DROP AS
    SELECT t.keyword_id AS id, t.values[c.n - 1] AS search_index,
      CASE WHEN c.n >= 15 AND s.before > 0 THEN ((s.recent - s.before)::float8 / s.before)::real END AS growth_rate
    FROM keyword_trends t
    JOIN keywords k ON k.id = t.keyword_id AND k.platform = ${scope.platform} AND k.country = ${scope.country}
    CROSS JOIN LATERAL (SELECT cardinality(t.values) AS n) AS c
    CROSS JOIN LATERAL (
      -- Only the 14 days before the last are read: a year-long series costs no more than a month's.
      SELECT sum(t.values[i]) FILTER (WHERE i BETWEEN c.n - 7 AND c.n - 1) AS recent,
        sum(t.values[i]) FILTER (WHERE i BETWEEN c.n - 14 AND c.n - 8) AS before
      FROM generate_series(greatest(1, c.n - 14), c.n - 1) AS g(i)
    ) AS s
    WHERE c.n >= 2
  `);
  await tx.execute(sql`CREATE INDEX ON yesterday_figures (id)`);
  await tx.execute(sql`ANALYZE yesterday_figures`);
}

/**
 * Computes the nine boards of a library for a day: per board the top BOARD_SIZE words overall
 * (industry '') and, for the industry boards, the top INDUSTRY_BOARD_SIZE per industry, ranked in one statement (PGlite pays per
 * statement), each with its change against that board's previous day (previous rank − rank; null
 * when new). Re-running a day replaces it.
 */
interface RankedRow {
  board: string;
  industry: string;
  id: number;
  rank: number;
}

/** Ranks the words of every board for a day in one read-only statement (PGlite pays per statement). */
async function rankDay(
  db: Database,
  scope: KeywordScope,
  day: string,
  shifted: boolean,
  /** Rank only these words (the candidates of an update), not the library. */
  ids?: readonly number[],
): Promise<RankedRow[]> {
  // A small library is read once into memory and ranked twelve ways from there; a large one is
  // scanned per board rather than copied whole into a temporary store.
  const size = ids ? ids.length : await scopeSize(db, scope);
  const materialized = size !== null && size <= MATERIALIZE_MAX_KEYWORDS;
  const ranked = sql.join(
    boardKindSchema.options.map((board) => {
      const { filter, order } = boardRules[board];
      const overall = sql`
        SELECT ${board} AS board, '' AS industry, src.id, row_number() OVER (ORDER BY ${order}, src.id DESC)::int AS rank
        FROM (SELECT * FROM src WHERE ${filter} ORDER BY ${order}, src.id DESC LIMIT ${BOARD_SIZE}) AS src`;
      if (!INDUSTRY_BOARDS.has(board)) return overall;
      return sql`${overall}
        UNION ALL
        SELECT ${board}, per_industry.industry, per_industry.id, per_industry.rank FROM (
          SELECT src.industry, src.id, row_number() OVER (PARTITION BY src.industry ORDER BY ${order}, src.id DESC)::int AS rank
          FROM src WHERE ${filter} AND src.industry IS NOT NULL
        ) AS per_industry WHERE per_industry.rank <= ${INDUSTRY_BOARD_SIZE}`;
    }),
    sql` UNION ALL `,
  );
  const rows = await queryRows<RankedRow>(
    db,
    sql`WITH src AS ${materialized ? sql`MATERIALIZED` : sql`NOT MATERIALIZED`} ${sourceFor(scope, day, shifted, ids)}
        SELECT board, industry, id, rank FROM (${ranked}) AS ranked`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), rank: Number(row.rank) }));
}

/**
 * Writes a board day: each word with its change against its board's previous day (previous rank −
 * rank; null when new), replacing the day if it was written before. The previous ranks are looked up
 * here rather than joined: a few thousand rows per library, and no plan can go wrong.
 */
async function writeDay(tx: Database, scope: KeywordScope, day: string, rows: RankedRow[]) {
  // Two derives of one library (two workers) write one after the other rather than collide.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`keyword_boards:${scope.platform}:${scope.country}`}))`);
  const previous = await queryRows<{ board: string; industry: string; keyword_id: number; rank: number }>(
    tx,
    sql`SELECT b.board, b.industry, b.keyword_id, b.rank FROM keyword_boards b
        JOIN (
          SELECT board, industry, max(as_of) AS as_of FROM keyword_boards
          WHERE platform = ${scope.platform} AND country = ${scope.country} AND as_of < ${day}::date
          GROUP BY board, industry
        ) AS last_day ON last_day.board = b.board AND last_day.industry = b.industry AND last_day.as_of = b.as_of
        WHERE b.platform = ${scope.platform} AND b.country = ${scope.country}`,
  );
  const key = (board: string, industry: string, id: number) => `${board}\u0000${industry}\u0000${id}`;
  const previousRank = new Map(previous.map((row) => [key(row.board, row.industry, Number(row.keyword_id)), row.rank]));
  const change = rows.map((row) => {
    const before = previousRank.get(key(row.board, row.industry, row.id));
    return before === undefined ? '' : String(before - row.rank);
  });
  await tx.execute(sql`DELETE FROM keyword_boards
    WHERE platform = ${scope.platform} AND country = ${scope.country} AND as_of = ${day}::date`);
  const batch = 10_000;
  for (let start = 0; start < rows.length; start += batch) {
    const part = rows.slice(start, start + batch);
    await tx.execute(sql`
      INSERT INTO keyword_boards (board, platform, country, industry, as_of, rank, keyword_id, rank_change)
      SELECT board, ${scope.platform}, ${scope.country}, industry, ${day}::date, rank, id, nullif(change, '')::int
      FROM unnest(${sql.param(part.map((row) => row.board))}::text[], ${sql.param(part.map((row) => row.industry))}::text[],
        ${sql.param(part.map((row) => row.rank))}::int[], ${sql.param(part.map((row) => row.id))}::bigint[],
        ${sql.param(change.slice(start, start + batch))}::text[]) AS incoming(board, industry, rank, id, change)
    `);
  }
}

/** Whether the library has boards of a day before `asOf` (the day rank changes compare with). */
async function hasEarlierDay(db: Database, scope: KeywordScope, asOf: string): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    db,
    sql`SELECT 1 AS found FROM keyword_boards
        WHERE platform = ${scope.platform} AND country = ${scope.country} AND as_of < ${asOf}::date LIMIT 1`,
  );
  return rows.length > 0;
}

/**
 * Computes every board of a library for `asOf`. Without an earlier board day (a library's first
 * derive), the day before is computed first from the daily trends so rank changes show at once;
 * `backfill: false` skips that (the first-run seed, whose background derive adds it). Board days
 * older than BOARD_HISTORY_DAYS are pruned.
 */
export async function computeBoards(
  db: Database,
  scope: KeywordScope,
  asOf: string,
  options: { analyze?: boolean; backfill?: boolean } = {},
) {
  const backfill = options.backfill !== false && !(await hasEarlierDay(db, scope, asOf));
  if (backfill) {
    // Yesterday's figures live in a temporary table, which lives in one session: one transaction.
    const yesterday = dayOf(new Date(Date.parse(`${asOf}T00:00:00Z`) - 86_400_000));
    await db.transaction(async (tx) => {
      await createYesterdayFigures(tx, scope);
      await writeDay(tx, scope, yesterday, await rankDay(tx, scope, yesterday, true));
    });
    await yieldToEventLoop();
  }
  // Ranked outside the transaction so the write is short: PGlite serves nothing else during one.
  const rows = await rankDay(db, scope, asOf, false);
  await yieldToEventLoop();
  await db.transaction(async (tx) => {
    await writeDay(tx, scope, asOf, rows);
    await tx.execute(sql`DELETE FROM keyword_boards WHERE platform = ${scope.platform} AND country = ${scope.country}
      AND as_of < ${asOf}::date - ${BOARD_HISTORY_DAYS}::int`);
  });
  // PGlite has no autovacuum: fresh statistics keep the board reads on their index.
  if (options.analyze !== false) await db.execute(sql`ANALYZE keyword_boards`);
}

/**
 * Takes changed words into a board day already computed, instead of ranking the library again (the derive of what
 * changed). Each list (a board over the library, or an industry's) is ranked again over its members and the changed
 * words, and stays exact: below its lowest member that did not change lie words it never held, so what ranks under
 * that member leaves, and a list may grow shorter until the next full derive. A list that held every qualifying word
 * (shorter than its size) takes the changed words as they rank. Answers 'full' without writing when the day has no
 * boards yet or a full list lost every unchanged member: the caller then computes the boards whole.
 */
export async function updateBoards(
  db: Database,
  scope: KeywordScope,
  asOf: string,
  changedIds: readonly number[],
): Promise<'updated' | 'full'> {
  const held = await queryRows<{ board: string; industry: string; keyword_id: number; rank: number }>(
    db,
    sql`SELECT board, industry, keyword_id, rank FROM keyword_boards
        WHERE platform = ${scope.platform} AND country = ${scope.country} AND as_of = ${asOf}::date`,
  );
  if (held.length === 0) return 'full';
  const listKey = (board: string, industry: string) => `${board}\u0000${industry}`;
  const lists = new Map<string, { board: string; industry: string; ids: number[] }>();
  for (const row of held) {
    const key = listKey(row.board, row.industry);
    const list = lists.get(key) ?? { board: row.board, industry: row.industry, ids: [] };
    list.ids.push(Number(row.keyword_id));
    lists.set(key, list);
  }
  const changed = new Set(changedIds);
  const candidates = [...new Set([...held.map((row) => Number(row.keyword_id)), ...changedIds])];
  const ranked = await rankDay(db, scope, asOf, false, candidates);
  const rankedLists = new Map<string, RankedRow[]>();
  for (const row of ranked) {
    const key = listKey(row.board, row.industry);
    const list = rankedLists.get(key);
    if (list) list.push(row);
    else rankedLists.set(key, [row]);
  }
  const rows: RankedRow[] = [];
  for (const [key, fresh] of rankedLists) {
    const before = lists.get(key);
    const size = before?.industry ? INDUSTRY_BOARD_SIZE : BOARD_SIZE;
    // A list that was not full held every word qualifying for it: nothing lies below it.
    if (!before || before.ids.length < size) {
      rows.push(...fresh);
      continue;
    }
    const unchanged = new Set(before.ids.filter((id) => !changed.has(id)));
    const line = fresh.filter((row) => unchanged.has(row.id)).at(-1);
    if (!line) return 'full';
    rows.push(...fresh.filter((row) => row.rank <= line.rank));
  }
  await db.transaction(async (tx) => writeDay(tx, scope, asOf, rows));
  return 'updated';
}

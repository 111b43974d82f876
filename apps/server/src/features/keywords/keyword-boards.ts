import type { BoardKind } from '@dso/contract';
import { boardKindSchema } from '@dso/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dayOf } from './keyword-details.repository';
import type { KeywordScope } from './keyword-search.repository';

/** Rows kept per board over the whole library, and per industry board. */
export const BOARD_SIZE = 1000;
export const INDUSTRY_BOARD_SIZE = 200;
/** Board days kept for rank changes and history. */
export const BOARD_HISTORY_DAYS = 30;
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
function sourceFor(scope: KeywordScope, day: string, shifted: boolean): SQL {
  const where = sql`k.platform = ${scope.platform} AND k.country = ${scope.country} AND k.first_seen <= ${day}::date`;
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
      SELECT sum(v) FILTER (WHERE i BETWEEN c.n - 7 AND c.n - 1) AS recent,
        sum(v) FILTER (WHERE i BETWEEN c.n - 14 AND c.n - 8) AS before
      FROM unnest(t.values) WITH ORDINALITY AS u(v, i)
    ) AS s
    WHERE c.n >= 2
  `);
  await tx.execute(sql`CREATE INDEX ON yesterday_figures (id)`);
  await tx.execute(sql`ANALYZE yesterday_figures`);
}

/**
 * Computes one board of a library for a day: the top BOARD_SIZE words overall (industry '') and the
 * top INDUSTRY_BOARD_SIZE per industry, each with its change against the board's previous day
 * (previous rank − rank; null when new). Re-running a day replaces that day.
 */
async function computeBoard(tx: Database, scope: KeywordScope, board: BoardKind, day: string, shifted: boolean) {
  const rule = boardRules[board];
  const src = sourceFor(scope, day, shifted);
  const t0 = Date.now();
  {
    await tx.execute(sql`DELETE FROM keyword_boards
      WHERE board = ${board} AND platform = ${scope.platform} AND country = ${scope.country} AND as_of = ${day}::date`);
    await tx.execute(sql`
      WITH ranked AS (
        SELECT '' AS industry, id, row_number() OVER (ORDER BY ${rule.order}, id DESC)::int AS rank
        FROM (SELECT src.* FROM ${src} AS src WHERE ${rule.filter} ORDER BY ${rule.order}, src.id DESC LIMIT ${BOARD_SIZE}) AS src
        UNION ALL
        SELECT industry, id, rank FROM (
          SELECT src.industry, src.id, row_number() OVER (PARTITION BY src.industry ORDER BY ${rule.order}, src.id DESC)::int AS rank
          FROM ${src} AS src WHERE ${rule.filter} AND src.industry IS NOT NULL
        ) AS per_industry WHERE rank <= ${INDUSTRY_BOARD_SIZE}
      ),
      last_day AS (
        SELECT industry, max(as_of) AS as_of FROM keyword_boards
        WHERE board = ${board} AND platform = ${scope.platform} AND country = ${scope.country} AND as_of < ${day}::date
        GROUP BY industry
      ),
      previous AS MATERIALIZED (
        SELECT b.industry, b.keyword_id, b.rank FROM keyword_boards b
        JOIN last_day ON last_day.industry = b.industry AND last_day.as_of = b.as_of
        WHERE b.board = ${board} AND b.platform = ${scope.platform} AND b.country = ${scope.country}
      )
      INSERT INTO keyword_boards (board, platform, country, industry, as_of, rank, keyword_id, rank_change)
      SELECT ${board}, ${scope.platform}, ${scope.country}, ranked.industry, ${day}::date, ranked.rank, ranked.id,
        previous.rank - ranked.rank
      FROM ranked
      LEFT JOIN previous ON previous.industry = ranked.industry AND previous.keyword_id = ranked.id
    `);
  }
  if (process.env.DSO_PROFILE) console.log('board', board, day, shifted, Date.now() - t0);
}

async function hasBoards(db: Database, scope: KeywordScope): Promise<boolean> {
  const result = (await db.execute(
    sql`SELECT 1 FROM keyword_boards WHERE platform = ${scope.platform} AND country = ${scope.country} LIMIT 1`,
  )) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/**
 * Computes every board of a library for `asOf`. A library's first boards are preceded by the day
 * before (estimated from the trends) so rank changes show at once. Old board days are pruned.
 */
export async function computeBoards(db: Database, scope: KeywordScope, asOf: string) {
  const boards = boardKindSchema.options;
  const first = !(await hasBoards(db, scope));
  await db.transaction(async (tx) => {
    if (first) {
      const yesterday = dayOf(new Date(Date.parse(`${asOf}T00:00:00Z`) - 86_400_000));
      await createYesterdayFigures(tx, scope);
      for (const board of boards) await computeBoard(tx, scope, board, yesterday, true);
      // Today's boards read yesterday's rows just written: plan that on their statistics.
      await tx.execute(sql`ANALYZE keyword_boards`);
    }
    for (const board of boards) await computeBoard(tx, scope, board, asOf, false);
    await tx.execute(sql`DELETE FROM keyword_boards WHERE platform = ${scope.platform} AND country = ${scope.country}
      AND as_of < ${asOf}::date - ${BOARD_HISTORY_DAYS}::int`);
  });
  // PGlite has no autovacuum: fresh statistics keep the board reads on their index.
  await db.execute(sql`ANALYZE keyword_boards`);
}

import { glossaryLimits, RANK_DEPTH } from '@dso/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { type CheckRow, type ItemRow, itemColumns, normalize } from './monitor-rows';

/*
 * SQL of the daily roll-up: each user's day counts (monitor_user_days) and each item's standing, kept as checks
 * finish, and the dashboard's reads of them.
 */

/** The glossary's 排名数 depth (top 10). */
const RANKING_TOP = glossaryLimits.rankingTop;

// ——— the daily roll-up ———

/**
 * A day's counts over check rows `c` joined to their items `i` (the roll-up's columns): finished checks,
 * failed ones, and the glossary's coverage of work items ranked that day (top 100, top 10).
 */
export const dayCounts = sql`count(*) FILTER (WHERE status IN ('ranked', 'unranked'))::int AS checked,
  count(*) FILTER (WHERE status = 'failed')::int AS failed,
  count(*) FILTER (WHERE status = 'ranked' AND aweme_id <> '' AND rank <= ${RANK_DEPTH})::int AS core,
  count(*) FILTER (WHERE status = 'ranked' AND aweme_id <> '' AND rank <= ${RANKING_TOP})::int AS ranking`;

/** Adds finished check rows (`item_id, day, status, rank` of a CTE) to their users' days. */
export const addToUserDays = (rows: SQL) =>
  sql`INSERT INTO monitor_user_days (user_id, day, checked, failed, core, ranking)
      SELECT user_id, day, ${dayCounts} FROM (
        SELECT i.user_id, i.aweme_id, r.day, r.status, r.rank FROM ${rows} r JOIN monitor_items i ON i.id = r.item_id
        WHERE r.status <> 'running'
      ) f GROUP BY user_id, day ORDER BY user_id, day
      ON CONFLICT (user_id, day) DO UPDATE SET checked = monitor_user_days.checked + EXCLUDED.checked,
        failed = monitor_user_days.failed + EXCLUDED.failed, core = monitor_user_days.core + EXCLUDED.core,
        ranking = monitor_user_days.ranking + EXCLUDED.ranking`;

/**
 * Recomputes items' standings from their checks (idempotent, whatever order the checks were recorded in):
 * the latest finished check, the last two successful ones and the latest rank, a few index reads each.
 */
export async function refreshStandings(db: Database, itemIds: number[]) {
  if (itemIds.length === 0) return;
  await db.execute(
    sql`UPDATE monitor_items i SET last_day = l.day, last_status = l.status, ok_day = s.day, ok_rank = s.rank,
          prev_ok_day = p.day, prev_ok_rank = p.rank, ranked_day = r.day, ranked_rank = r.rank
        FROM monitor_items j
        LEFT JOIN LATERAL (
          SELECT c.day, c.status FROM monitor_checks c WHERE c.item_id = j.id AND c.status <> 'running'
          ORDER BY c.day DESC LIMIT 1
        ) l ON true
        LEFT JOIN LATERAL (
          SELECT c.day, c.rank FROM monitor_checks c WHERE c.item_id = j.id AND c.status IN ('ranked', 'unranked')
          ORDER BY c.day DESC LIMIT 1
        ) s ON true
        LEFT JOIN LATERAL (
          SELECT c.day, c.rank FROM monitor_checks c WHERE c.item_id = j.id AND c.status IN ('ranked', 'unranked')
            AND c.day < s.day ORDER BY c.day DESC LIMIT 1
        ) p ON true
        LEFT JOIN LATERAL (
          SELECT c.day, c.rank FROM monitor_checks c WHERE c.item_id = j.id AND c.status = 'ranked'
          ORDER BY c.day DESC LIMIT 1
        ) r ON true
        WHERE i.id = j.id AND j.id = ANY(${sql.param([...new Set(itemIds)].sort((a, b) => a - b))}::bigint[])`,
  );
}

/**
 * Recomputes users' roll-ups from their checks (the migration's backfill does the same): the daily rows
 * and their items' standings, for history written around the repository, such as a benchmark's bulk seed.
 */
export async function rebuildDashboardRollups(db: Database, userIds: number[]) {
  if (userIds.length === 0) return;
  const users = sql`${sql.param(userIds)}::bigint[]`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM monitor_user_days WHERE user_id = ANY(${users})`);
    await tx.execute(
      sql`INSERT INTO monitor_user_days (user_id, day, checked, failed, core, ranking)
          SELECT user_id, day, ${dayCounts} FROM (
            SELECT i.user_id, i.aweme_id, c.day, c.status, c.rank FROM monitor_checks c
            JOIN monitor_items i ON i.id = c.item_id WHERE i.user_id = ANY(${users}) AND c.status <> 'running'
          ) f GROUP BY user_id, day`,
    );
    const items = await queryRows<{ id: number }>(tx, sql`SELECT id FROM monitor_items WHERE user_id = ANY(${users})`);
    await refreshStandings(
      tx,
      items.map((item) => Number(item.id)),
    );
  });
}

/** A user's roll-up rows from `since` to `until`. */
export async function selectUserDays(
  db: Database,
  userId: number,
  range: { since: string; until: string },
): Promise<Array<{ day: string; core: number; ranking: number }>> {
  return queryRows(
    db,
    sql`SELECT day::text AS day, core, ranking FROM monitor_user_days
        WHERE user_id = ${userId} AND day BETWEEN ${range.since}::date AND ${range.until}::date ORDER BY day`,
  );
}

/** The dashboard's figures of a user over a window, from the items' standings. */
export interface StandingSummary {
  keywords: number;
  works: number;
  /** Works whose latest successful check in the window has them in the top 100 / top 10. */
  core: number;
  ranking: number;
  /** Items whose latest finished check in the window failed. */
  failed: number;
}

const windowed = (column: SQL, range: { since: string; until: string }) =>
  sql`${column} BETWEEN ${range.since}::date AND ${range.until}::date`;

/** The summary over a user's items, counted in the database (one row back whatever the item count). */
export async function selectStandingSummary(
  db: Database,
  userId: number,
  range: { since: string; until: string },
): Promise<StandingSummary> {
  const ok = sql`aweme_id <> '' AND ${windowed(sql`ok_day`, range)}`;
  const [row] = await queryRows<StandingSummary>(
    db,
    sql`SELECT count(*) FILTER (WHERE aweme_id = '')::int AS keywords, count(*) FILTER (WHERE aweme_id <> '')::int AS works,
          count(*) FILTER (WHERE ${ok} AND ok_rank <= ${RANK_DEPTH})::int AS core,
          count(*) FILTER (WHERE ${ok} AND ok_rank <= ${RANKING_TOP})::int AS ranking,
          count(*) FILTER (WHERE ${windowed(sql`last_day`, range)} AND last_status = 'failed')::int AS failed
        FROM monitor_items WHERE user_id = ${userId}`,
  );
  return row!;
}

/** The user's `limit` best-placed works: by their latest rank in the window, ties in the order they were added. */
export async function selectBestPlacedWorks(
  db: Database,
  userId: number,
  range: { since: string; until: string },
  limit: number,
): Promise<ItemRow[]> {
  const rows = await queryRows<ItemRow>(
    db,
    sql`SELECT ${itemColumns} FROM monitor_items i
        WHERE i.user_id = ${userId} AND i.aweme_id <> '' AND ${windowed(sql`i.ranked_day`, range)}
        ORDER BY i.ranked_rank, i.id LIMIT ${limit}`,
  );
  return rows.map(normalize);
}

/** A work's move between its last two successful checks in the window. */
export interface MoverRow extends ItemRow {
  side: 'rise' | 'fall';
  previous_rank: number | null;
  rank: number | null;
}

/**
 * The user's `limit` biggest rises and falls between each work's last two successful checks in the window,
 * classed and sized in the database as the domain's `rankMove` classes them (the route test holds the two
 * to the same answer): both ranked, up or down by the places moved; ranked now only, a rise (新上榜) sized
 * from the depth (101 − rank); ranked before only, a fall (掉榜) sized likewise; ties in the order added.
 */
export async function selectMovers(
  db: Database,
  userId: number,
  range: { since: string; until: string },
  limit: number,
): Promise<MoverRow[]> {
  const side = (name: 'rise' | 'fall', when: SQL) =>
    sql`(SELECT ${name} AS side, m.* FROM moves m WHERE ${when} ORDER BY m.size DESC, m.id LIMIT ${limit})`;
  const rows = await queryRows<MoverRow>(
    db,
    sql`WITH latest AS (
          SELECT ${itemColumns}, i.ok_rank AS rank,
            CASE WHEN ${windowed(sql`i.prev_ok_day`, range)} THEN i.prev_ok_rank END AS previous_rank
          FROM monitor_items i
          WHERE i.user_id = ${userId} AND i.aweme_id <> '' AND ${windowed(sql`i.ok_day`, range)}
        ), moves AS (
          SELECT l.*, CASE
              WHEN l.rank IS NOT NULL AND l.previous_rank IS NOT NULL THEN abs(l.previous_rank - l.rank)
              WHEN l.rank IS NOT NULL THEN ${RANK_DEPTH + 1} - l.rank
              ELSE ${RANK_DEPTH + 1} - l.previous_rank END AS size
          FROM latest l WHERE l.rank IS NOT NULL OR l.previous_rank IS NOT NULL
        )
        ${side('rise', sql`m.rank IS NOT NULL AND (m.previous_rank IS NULL OR m.rank < m.previous_rank)`)}
        UNION ALL
        ${side('fall', sql`m.previous_rank IS NOT NULL AND (m.rank IS NULL OR m.rank > m.previous_rank)`)}`,
  );
  return rows.map(normalize);
}

/**
 * The ranked checks of some items in a window, as day offsets from `since` and ranks (one row per item,
 * two arrays, rather than a row per check).
 */
export async function selectRankedOffsets(
  db: Database,
  itemIds: number[],
  range: { since: string; until: string },
): Promise<Map<number, { offsets: number[]; ranks: number[] }>> {
  if (itemIds.length === 0) return new Map();
  const rows = await queryRows<{ item_id: number; offsets: number[]; ranks: number[] }>(
    db,
    sql`SELECT item_id, array_agg(day - ${range.since}::date ORDER BY day) AS offsets, array_agg(rank ORDER BY day) AS ranks
        FROM monitor_checks WHERE item_id = ANY(${sql.param(itemIds)}::bigint[]) AND ${windowed(sql`day`, range)}
          AND status = 'ranked'
        GROUP BY item_id`,
  );
  return new Map(rows.map((row) => [Number(row.item_id), { offsets: row.offsets, ranks: row.ranks }]));
}

/** A user's item with its check on a day and its last successful check before that day (from `since`). */
export interface ItemDay extends ItemRow {
  t_status: CheckRow['status'] | null;
  t_rank: number | null;
  p_day: string | null;
  p_rank: number | null;
}

/** Every item of a user with its check on `day` and the successful one before it (the daily paper). */
export async function selectItemDays(
  db: Database,
  userId: number,
  range: { day: string; since: string },
): Promise<ItemDay[]> {
  const rows = await queryRows<ItemDay>(
    db,
    // The day's check through the unique (item, day) index, and for a work checked successfully that day
    // the successful check before it (measured faster than one read of both rows per item).
    sql`SELECT ${itemColumns}, t.status AS t_status, t.rank AS t_rank, p.day::text AS p_day, p.rank AS p_rank
        FROM monitor_items i
        LEFT JOIN monitor_checks t ON t.item_id = i.id AND t.day = ${range.day}::date
        LEFT JOIN LATERAL (
          SELECT c.day, c.rank FROM monitor_checks c WHERE c.item_id = i.id AND i.aweme_id <> ''
            AND t.status IN ('ranked', 'unranked')
            AND c.day >= ${range.since}::date AND c.day < ${range.day}::date
            AND c.status IN ('ranked', 'unranked') ORDER BY c.day DESC LIMIT 1
        ) p ON true
        WHERE i.user_id = ${userId} ORDER BY i.id`,
  );
  return rows.map(normalize);
}

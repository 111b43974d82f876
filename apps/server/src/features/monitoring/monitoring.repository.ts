import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { dayCounts } from './monitor-rollups.repository';
import { type CheckRow, type ItemRow, itemColumns, normalize } from './monitor-rows';

/*
 * SQL of rank monitoring's items and their history. The checks and the rankings they read are in
 * monitor-checks.repository.ts, the daily roll-up the dashboard reads in monitor-rollups.repository.ts;
 * nothing else touches the monitor_* tables.
 */

/** An item with its latest check and the rank of the successful check before it. */
export interface ItemWithChecks extends ItemRow {
  l_day: string | null;
  l_status: 'running' | 'ranked' | 'unranked' | 'failed' | null;
  l_rank: number | null;
  l_count: number | null;
  l_checked: unknown;
  p_rank: number | null;
  has_previous: boolean;
}

/** Latest check of each item `i`, and the last successful one before it. */
const withChecks = sql`
  l.day::text AS l_day, l.status AS l_status, l.rank AS l_rank, l.ranked_count AS l_count, l.checked_at AS l_checked,
  p.rank AS p_rank, (p.id IS NOT NULL) AS has_previous
  FROM monitor_items i
  LEFT JOIN LATERAL (
    SELECT c.day, c.status, c.rank, c.ranked_count, c.checked_at FROM monitor_checks c
    WHERE c.item_id = i.id ORDER BY c.day DESC LIMIT 1
  ) l ON true
  LEFT JOIN LATERAL (
    SELECT c.id, c.rank FROM monitor_checks c
    WHERE c.item_id = i.id AND c.status IN ('ranked', 'unranked') AND c.day < l.day
    ORDER BY c.day DESC LIMIT 1
  ) p ON true`;

export async function lockUserItems(tx: Database, userId: number) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`monitor:${userId}`}, 0))`);
}

export async function findItemByTarget(
  db: Database,
  target: { userId: number; platform: string; keyword: string; awemeId: string },
): Promise<ItemRow | null> {
  const rows = await queryRows<ItemRow>(
    db,
    sql`SELECT ${itemColumns} FROM monitor_items i WHERE i.user_id = ${target.userId} AND i.platform = ${target.platform}
        AND i.keyword = ${target.keyword} AND i.aweme_id = ${target.awemeId}`,
  );
  return rows[0] ? normalize(rows[0]) : null;
}

export async function insertItems(
  db: Database,
  items: Array<{ userId: number; platform: string; keyword: string; awemeId: string; workTitle: string }>,
): Promise<number[]> {
  if (items.length === 0) return [];
  const values = sql.join(
    items.map((item) => sql`(${item.userId}, ${item.platform}, ${item.keyword}, ${item.awemeId}, ${item.workTitle})`),
    sql`, `,
  );
  const rows = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO monitor_items (user_id, platform, keyword, aweme_id, work_title) VALUES ${values}
        ON CONFLICT (user_id, platform, keyword, aweme_id) DO NOTHING RETURNING id`,
  );
  return rows.map((row) => Number(row.id));
}

/** The keywords (keyword items) of a user among `keywords`. */
export async function selectMonitoredKeywords(
  db: Database,
  userId: number,
  platform: string,
  keywords: string[],
): Promise<Set<string>> {
  if (keywords.length === 0) return new Set();
  const rows = await queryRows<{ keyword: string }>(
    db,
    sql`SELECT keyword FROM monitor_items WHERE user_id = ${userId} AND platform = ${platform} AND aweme_id = ''
        AND keyword = ANY(${sql.param(keywords)}::text[])`,
  );
  return new Set(rows.map((row) => row.keyword));
}

/**
 * Deletes a user's item; true when it existed. Its checks go first, taken back out of the daily roll-up in
 * the same statement (the caller's transaction holds the user's lock).
 */
export async function deleteItem(db: Database, userId: number, id: number): Promise<boolean> {
  await db.execute(
    sql`WITH gone AS (
          DELETE FROM monitor_checks c USING monitor_items i
          WHERE c.item_id = i.id AND i.id = ${id} AND i.user_id = ${userId}
          RETURNING i.user_id, i.aweme_id, c.day, c.status, c.rank
        )
        UPDATE monitor_user_days u SET checked = u.checked - g.checked, failed = u.failed - g.failed,
          core = u.core - g.core, ranking = u.ranking - g.ranking
        FROM (SELECT user_id, day, ${dayCounts} FROM gone GROUP BY user_id, day) g
        WHERE u.user_id = g.user_id AND u.day = g.day`,
  );
  const rows = await queryRows<{ id: number }>(
    db,
    sql`DELETE FROM monitor_items WHERE id = ${id} AND user_id = ${userId} RETURNING id`,
  );
  return rows.length > 0;
}

export async function countUserItems(db: Database, userId: number, keyword?: string): Promise<number> {
  const filter = keyword ? sql`AND keyword LIKE ${`%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``;
  const rows = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM monitor_items WHERE user_id = ${userId} ${filter}`,
  );
  return Number(rows[0]?.total ?? 0);
}

export async function selectUserItems(
  db: Database,
  userId: number,
  options: { offset: number; limit: number; keyword?: string; ids?: number[] },
): Promise<ItemWithChecks[]> {
  const keywordFilter = options.keyword
    ? sql`AND i.keyword LIKE ${`%${options.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
    : sql``;
  const idFilter = options.ids ? sql`AND i.id = ANY(${sql.param(options.ids)}::bigint[])` : sql``;
  const rows = await queryRows<ItemWithChecks>(
    db,
    sql`SELECT ${itemColumns}, ${withChecks}
        WHERE i.user_id = ${userId} ${keywordFilter} ${idFilter}
        ORDER BY i.id DESC LIMIT ${options.limit} OFFSET ${options.offset}`,
  );
  return rows.map(normalize);
}

/** Items by id (the check job's batch), any user's; deleted ones are simply absent. */
export async function selectItemsByIds(db: Database, ids: number[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<ItemRow>(
    db,
    sql`SELECT ${itemColumns} FROM monitor_items i WHERE i.id = ANY(${sql.param(ids)}::bigint[])
        ORDER BY i.platform, i.keyword, i.id`,
  );
  return rows.map(normalize);
}

// ——— history ———

/** Checks of a user's items from `since` on (work items only with `worksOnly`). */
export async function selectUserChecks(
  db: Database,
  userId: number,
  options: { since: string; until?: string; worksOnly?: boolean },
): Promise<CheckRow[]> {
  const works = options.worksOnly ? sql`AND i.aweme_id <> ''` : sql``;
  const until = options.until ? sql`AND c.day <= ${options.until}::date` : sql``;
  const rows = await queryRows<CheckRow>(
    db,
    sql`SELECT c.item_id, c.day::text AS day, c.status, c.rank, c.ranked_count FROM monitor_checks c
        JOIN monitor_items i ON i.id = c.item_id
        WHERE i.user_id = ${userId} AND c.day >= ${options.since}::date ${until} ${works}
        ORDER BY c.day, c.item_id`,
  );
  return rows.map((row) => ({ ...row, item_id: Number(row.item_id) }));
}

/** Checks of one item from `since` on. */
export async function selectItemChecks(db: Database, itemId: number, since: string): Promise<CheckRow[]> {
  const rows = await queryRows<CheckRow>(
    db,
    sql`SELECT item_id, day::text AS day, status, rank, ranked_count FROM monitor_checks WHERE item_id = ${itemId}
        AND day >= ${since}::date ORDER BY day`,
  );
  return rows.map((row) => ({ ...row, item_id: Number(row.item_id) }));
}

/** A keyword's stored rankings from `since` on. */
export async function selectRankings(
  db: Database,
  key: { platform: string; keyword: string; since: string },
): Promise<
  Array<{
    day: string;
    rank: number;
    aweme_id: string;
    title: string;
    author: string;
    cover: string;
    good_count: string;
  }>
> {
  return queryRows(
    db,
    sql`SELECT day::text AS day, rank, aweme_id, title, author, cover, good_count FROM monitor_rankings
        WHERE platform = ${key.platform} AND keyword = ${key.keyword} AND day >= ${key.since}::date
        ORDER BY day, rank`,
  );
}

/** The works a user monitors under a keyword. */
export async function selectMonitoredWorks(
  db: Database,
  userId: number,
  key: { platform: string; keyword: string },
): Promise<Set<string>> {
  const rows = await queryRows<{ aweme_id: string }>(
    db,
    sql`SELECT aweme_id FROM monitor_items WHERE user_id = ${userId} AND platform = ${key.platform}
        AND keyword = ${key.keyword} AND aweme_id <> ''`,
  );
  return new Set(rows.map((row) => row.aweme_id));
}

/** All of a user's items (the dashboard and the daily paper read every one). */
export async function selectAllUserItems(db: Database, userId: number): Promise<ItemRow[]> {
  const rows = await queryRows<ItemRow>(
    db,
    sql`SELECT ${itemColumns} FROM monitor_items i WHERE i.user_id = ${userId} ORDER BY i.id`,
  );
  return rows.map(normalize);
}

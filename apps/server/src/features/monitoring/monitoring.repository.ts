import { glossaryLimits, RANK_DEPTH } from '@dso/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import type { RankedEntry } from '../../providers/rank-source/index';

/** SQL of rank monitoring; nothing else touches the monitor_* tables. */

export interface ItemRow {
  id: number;
  user_id: number;
  platform: string;
  keyword: string;
  aweme_id: string;
  work_title: string;
  created_at: unknown;
}

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

/** The glossary's 排名数 depth (top 10). */
const RANKING_TOP = glossaryLimits.rankingTop;

const itemColumns = sql`i.id, i.user_id, i.platform, i.keyword, i.aweme_id, i.work_title, i.created_at`;

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

const normalize = <T extends { id: number; user_id: number }>(row: T): T => ({
  ...row,
  id: Number(row.id),
  user_id: Number(row.user_id),
});

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

/** Ids of items without a check on `day`, in keyword order (so a job's items share rankings). */
export async function selectUncheckedItemIds(db: Database, day: string): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT i.id FROM monitor_items i
        WHERE NOT EXISTS (SELECT 1 FROM monitor_checks c WHERE c.item_id = i.id AND c.day = ${day}::date)
        ORDER BY i.platform, i.keyword, i.id`,
  );
  return rows.map((row) => Number(row.id));
}

/**
 * Takes an item's check for a day: inserts the 'running' check row, which the unique (item, day) lets only
 * one claimer do. The same claimer (a retried job) takes its own unfinished row again. Returns the check
 * id, or null when another claimer holds the item or the day's check is done (or the item is gone).
 */
export async function claimCheck(db: Database, itemId: number, day: string, claimedBy: string): Promise<number | null> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO monitor_checks (item_id, day, status, claimed_by)
        SELECT i.id, ${day}::date, 'running', ${claimedBy} FROM monitor_items i WHERE i.id = ${itemId}
        ON CONFLICT (item_id, day) DO UPDATE SET attempts = monitor_checks.attempts + 1, claimed_at = now()
          WHERE monitor_checks.status = 'running' AND monitor_checks.claimed_by = EXCLUDED.claimed_by
        RETURNING id`,
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/**
 * Takes the day's checks of several items at once (a check job's batch), as {@link claimCheck} takes one:
 * one statement instead of one per item, rows written in item order so two claimers of overlapping
 * batches wait for each other instead of deadlocking. Returns item id → check id for the items taken.
 */
export async function claimChecks(
  db: Database,
  itemIds: number[],
  day: string,
  claimedBy: string,
): Promise<Map<number, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await queryRows<{ id: number; item_id: number }>(
    db,
    sql`INSERT INTO monitor_checks (item_id, day, status, claimed_by)
        SELECT i.id, ${day}::date, 'running', ${claimedBy} FROM monitor_items i
        WHERE i.id = ANY(${sql.param(itemIds)}::bigint[]) ORDER BY i.id
        ON CONFLICT (item_id, day) DO UPDATE SET attempts = monitor_checks.attempts + 1, claimed_at = now()
          WHERE monitor_checks.status = 'running' AND monitor_checks.claimed_by = EXCLUDED.claimed_by
        RETURNING id, item_id`,
  );
  return new Map(rows.map((row) => [Number(row.item_id), Number(row.id)]));
}

export type CheckOutcome =
  | { status: 'ranked'; rank: number | null; rankedCount: number | null }
  | { status: 'unranked'; rankedCount: number | null }
  | { status: 'failed'; error: string };

/**
 * Records claimed checks' outcomes (those the claimer still holds) and adds them to their users' days in
 * the daily roll-up in the same statement (a check leaves 'running' once, so it is counted once); the
 * items' standings are refreshed in the same transaction.
 */
export async function finishChecks(
  db: Database,
  claimedBy: string,
  results: Array<{ itemId: number; checkId: number; outcome: CheckOutcome }>,
) {
  if (results.length === 0) return;
  const values = sql.join(
    results.map(({ checkId, outcome }) => {
      const rank = outcome.status === 'ranked' ? outcome.rank : null;
      const count = outcome.status === 'failed' ? null : outcome.rankedCount;
      const error = outcome.status === 'failed' ? outcome.error : null;
      return sql`(${checkId}::bigint, ${outcome.status}::text, ${rank}::int, ${count}::int, ${error}::text)`;
    }),
    sql`, `,
  );
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`WITH outcome (id, status, rank, ranked_count, error) AS (VALUES ${values}), done AS (
            UPDATE monitor_checks c SET status = o.status, rank = o.rank, ranked_count = o.ranked_count,
              error = o.error, checked_at = now()
            FROM outcome o WHERE c.id = o.id AND c.status = 'running' AND c.claimed_by = ${claimedBy}
            RETURNING c.item_id, c.day, c.status, c.rank
          )
          ${addToUserDays(sql`done`)}`,
    );
    await refreshStandings(
      tx,
      results.map((result) => result.itemId),
    );
  });
}

/** Fills in a work item's title once a ranking shows the work (items added before any ranking had it). */
export async function fillWorkTitle(db: Database, itemId: number, title: string) {
  await db.execute(
    sql`UPDATE monitor_items SET work_title = ${title.slice(0, 500)} WHERE id = ${itemId} AND work_title = ''`,
  );
}

/** Checks left running on days before `day` (their job gave up or died for good) become failed. */
export async function failAbandonedChecks(db: Database, day: string, error: string): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ item_id: number }>(
      tx,
      sql`WITH done AS (
            UPDATE monitor_checks SET status = 'failed', rank = NULL, error = ${error}, checked_at = now()
            WHERE status = 'running' AND day < ${day}::date RETURNING item_id, day, status, rank
          ), added AS (${addToUserDays(sql`done`)} RETURNING 1)
          SELECT item_id FROM done`,
    );
    await refreshStandings(
      tx,
      rows.map((row) => Number(row.item_id)),
    );
    return rows.length;
  });
}

// ——— the daily roll-up ———

/**
 * A day's counts over check rows `c` joined to their items `i` (the roll-up's columns): finished checks,
 * failed ones, and the glossary's coverage of work items ranked that day (top 100, top 10).
 */
const dayCounts = sql`count(*) FILTER (WHERE status IN ('ranked', 'unranked'))::int AS checked,
  count(*) FILTER (WHERE status = 'failed')::int AS failed,
  count(*) FILTER (WHERE status = 'ranked' AND aweme_id <> '' AND rank <= ${RANK_DEPTH})::int AS core,
  count(*) FILTER (WHERE status = 'ranked' AND aweme_id <> '' AND rank <= ${RANKING_TOP})::int AS ranking`;

/** Adds finished check rows (`item_id, day, status, rank` of a CTE) to their users' days. */
const addToUserDays = (rows: SQL) =>
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

// ——— rankings ———

export async function selectRanking(
  db: Database,
  key: { platform: string; keyword: string; day: string },
): Promise<RankedEntry[] | null> {
  const head = await queryRows<{ works: number }>(
    db,
    sql`SELECT works FROM monitor_ranking_days WHERE platform = ${key.platform} AND keyword = ${key.keyword}
        AND day = ${key.day}::date`,
  );
  if (!head[0]) return null;
  const rows = await queryRows<{ aweme_id: string; title: string; author: string; cover: string; good_count: string }>(
    db,
    sql`SELECT aweme_id, title, author, cover, good_count FROM monitor_rankings
        WHERE platform = ${key.platform} AND keyword = ${key.keyword} AND day = ${key.day}::date ORDER BY rank`,
  );
  return rows.map((row) => ({
    awemeId: row.aweme_id,
    title: row.title,
    author: row.author,
    cover: row.cover,
    goodCount: Number(row.good_count),
  }));
}

/**
 * Stores a keyword's ranking of a day unless one is stored already (the first fetch of the day stands);
 * returns the stored ranking.
 */
export async function storeRanking(
  db: Database,
  key: { platform: string; keyword: string; day: string },
  entries: RankedEntry[],
  source: string,
): Promise<RankedEntry[]> {
  return db.transaction(async (tx) => {
    const inserted = await queryRows<{ works: number }>(
      tx,
      sql`INSERT INTO monitor_ranking_days (platform, keyword, day, works, source)
          VALUES (${key.platform}, ${key.keyword}, ${key.day}::date, ${entries.length}, ${source})
          ON CONFLICT DO NOTHING RETURNING works`,
    );
    if (inserted.length === 0) return (await selectRanking(tx, key)) ?? [];
    if (entries.length > 0) {
      const values = sql.join(
        entries.map(
          (entry, index) =>
            sql`(${key.platform}, ${key.keyword}, ${key.day}::date, ${index + 1}, ${entry.awemeId}, ${entry.title.slice(0, 500)},
              ${entry.author.slice(0, 100)}, ${entry.cover.slice(0, 2000)}, ${Math.max(0, Math.round(entry.goodCount))})`,
        ),
        sql`, `,
      );
      await tx.execute(
        sql`INSERT INTO monitor_rankings (platform, keyword, day, rank, aweme_id, title, author, cover, good_count)
            VALUES ${values}`,
      );
    }
    return entries;
  });
}

/** The title a work had in the latest stored ranking of a keyword, or null. */
export async function findRankedTitle(
  db: Database,
  key: { platform: string; keyword: string; awemeId: string },
): Promise<string | null> {
  const rows = await queryRows<{ title: string }>(
    db,
    sql`SELECT title FROM monitor_rankings WHERE platform = ${key.platform} AND keyword = ${key.keyword}
        AND aweme_id = ${key.awemeId} ORDER BY day DESC LIMIT 1`,
  );
  return rows[0]?.title ?? null;
}

// ——— history ———

export interface CheckRow {
  item_id: number;
  day: string;
  status: 'running' | 'ranked' | 'unranked' | 'failed';
  rank: number | null;
  ranked_count: number | null;
}

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

import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import type { RankedEntry } from '../../providers/rank-source/index';
import { addToUserDays, refreshStandings } from './monitor-rollups.repository';

/*
 * SQL of the daily checks: which items still need one, claiming and finishing them (each finished check goes
 * into the daily roll-up in the same statement), and the rankings of the day the checks read.
 */

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

import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';

/** SQL of 排名预警; nothing else touches monitor_alerts and monitor_alert_settings. */

/** A work item checked successfully on a day, with its last successful check before (if any). */
export interface MoveCandidate {
  item_id: number;
  user_id: number;
  keyword: string;
  aweme_id: string;
  work_title: string;
  rank: number | null;
  previous_rank: number | null;
  has_previous: boolean;
}

/**
 * Work items among `itemIds` with a successful check on `day` and no alert for that day yet, each with the rank
 * of its last successful check before `day`.
 */
export async function selectMoveCandidates(db: Database, day: string, itemIds: number[]): Promise<MoveCandidate[]> {
  if (itemIds.length === 0) return [];
  const rows = await queryRows<MoveCandidate>(
    db,
    sql`SELECT i.id AS item_id, i.user_id, i.keyword, i.aweme_id, i.work_title, c.rank, p.rank AS previous_rank,
          (p.id IS NOT NULL) AS has_previous
        FROM monitor_items i
        JOIN monitor_checks c ON c.item_id = i.id AND c.day = ${day}::date AND c.status IN ('ranked', 'unranked')
        LEFT JOIN LATERAL (
          SELECT b.id, b.rank FROM monitor_checks b
          WHERE b.item_id = i.id AND b.status IN ('ranked', 'unranked') AND b.day < ${day}::date
          ORDER BY b.day DESC LIMIT 1
        ) p ON true
        WHERE i.id = ANY(${sql.param(itemIds)}::bigint[]) AND i.aweme_id <> ''
          AND NOT EXISTS (SELECT 1 FROM monitor_alerts a WHERE a.item_id = i.id AND a.day = ${day}::date)`,
  );
  return rows.map((row) => ({ ...row, item_id: Number(row.item_id), user_id: Number(row.user_id) }));
}

/** Of `userIds`, those who push alerts to a 企业微信 robot (turned on, with a key). */
export async function selectPushingUsers(db: Database, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`SELECT user_id FROM monitor_alert_settings
        WHERE user_id = ANY(${sql.param(userIds)}::bigint[]) AND wecom_enabled AND wecom_key <> ''`,
  );
  return new Set(rows.map((row) => Number(row.user_id)));
}

export interface NewAlert {
  userId: number;
  itemId: number;
  day: string;
  keyword: string;
  awemeId: string;
  workTitle: string;
  kind: 'up' | 'down' | 'new' | 'lost';
  previousRank: number | null;
  rank: number | null;
  push: boolean;
}

/**
 * Inserts alerts; the unique (item, day) drops one that exists already (a retried job, another worker).
 * Returns the users of the inserted alerts that wait to be pushed.
 */
export async function insertAlerts(db: Database, alerts: NewAlert[]): Promise<number[]> {
  if (alerts.length === 0) return [];
  const values = sql.join(
    alerts.map(
      (alert) =>
        sql`(${alert.userId}, ${alert.itemId}, ${alert.day}::date, ${alert.keyword}, ${alert.awemeId}, ${alert.workTitle},
          ${alert.kind}, ${alert.previousRank}::int, ${alert.rank}::int, ${alert.push ? 'pending' : 'none'})`,
    ),
    sql`, `,
  );
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`INSERT INTO monitor_alerts (user_id, item_id, day, keyword, aweme_id, work_title, kind, previous_rank, rank, push_status)
        VALUES ${values} ON CONFLICT (item_id, day) DO NOTHING RETURNING user_id, push_status`,
  );
  return [
    ...new Set(
      (rows as Array<{ user_id: number; push_status: string }>)
        .filter((row) => row.push_status === 'pending')
        .map((row) => Number(row.user_id)),
    ),
  ];
}

export interface AlertRow {
  id: number;
  item_id: number;
  day: string;
  keyword: string;
  aweme_id: string;
  work_title: string;
  kind: 'up' | 'down' | 'new' | 'lost';
  previous_rank: number | null;
  rank: number | null;
  read_at: unknown;
  push_status: 'none' | 'pending' | 'sending' | 'sent' | 'failed';
  push_error: string | null;
  created_at: unknown;
}

const alertColumns = sql`id, item_id, day::text AS day, keyword, aweme_id, work_title, kind, previous_rank, rank, read_at,
  push_status, push_error, created_at`;

const normalize = (row: AlertRow): AlertRow => ({ ...row, id: Number(row.id), item_id: Number(row.item_id) });

export async function countAlerts(db: Database, userId: number): Promise<{ total: number; unread: number }> {
  const rows = await queryRows<{ total: number; unread: number }>(
    db,
    sql`SELECT count(*)::int AS total, count(*) FILTER (WHERE read_at IS NULL)::int AS unread
        FROM monitor_alerts WHERE user_id = ${userId}`,
  );
  return { total: Number(rows[0]?.total ?? 0), unread: Number(rows[0]?.unread ?? 0) };
}

export async function selectAlerts(
  db: Database,
  userId: number,
  options: { offset: number; limit: number; unreadOnly: boolean },
): Promise<AlertRow[]> {
  const unread = options.unreadOnly ? sql`AND read_at IS NULL` : sql``;
  const rows = await queryRows<AlertRow>(
    db,
    sql`SELECT ${alertColumns} FROM monitor_alerts WHERE user_id = ${userId} ${unread}
        ORDER BY id DESC LIMIT ${options.limit} OFFSET ${options.offset}`,
  );
  return rows.map(normalize);
}

/** Marks a user's alerts read (all, or those of `ids` that are theirs). */
export async function markAlertsRead(db: Database, userId: number, ids: number[] | 'all') {
  const filter = ids === 'all' ? sql`` : sql`AND id = ANY(${sql.param(ids)}::bigint[])`;
  await db.execute(
    sql`UPDATE monitor_alerts SET read_at = now() WHERE user_id = ${userId} AND read_at IS NULL ${filter}`,
  );
}

/**
 * Takes a user's alerts waiting to be pushed for one sender: the pending ones, and its own claimed ones again
 * (a retried job), so two push jobs never send the same alert.
 */
export async function claimPushAlerts(db: Database, userId: number, claim: string): Promise<AlertRow[]> {
  const rows = await queryRows<AlertRow>(
    db,
    sql`UPDATE monitor_alerts SET push_status = 'sending', push_claim = ${claim}
        WHERE id IN (
          SELECT id FROM monitor_alerts
          WHERE user_id = ${userId}
            AND (push_status = 'pending' OR (push_status = 'sending' AND push_claim = ${claim}))
          ORDER BY id LIMIT 500
          FOR UPDATE SKIP LOCKED
        )
        RETURNING ${alertColumns}`,
  );
  return rows.map(normalize).sort((a, b) => a.id - b.id);
}

/** Records how a claimed push ended. */
export async function finishPush(
  db: Database,
  ids: number[],
  claim: string,
  outcome: { status: 'sent' | 'none' } | { status: 'failed'; error: string },
) {
  if (ids.length === 0) return;
  const error = outcome.status === 'failed' ? outcome.error.slice(0, 500) : null;
  await db.execute(
    sql`UPDATE monitor_alerts SET push_status = ${outcome.status}, push_error = ${error},
          pushed_at = ${outcome.status === 'sent' ? sql`now()` : sql`NULL`}
        WHERE id = ANY(${sql.param(ids)}::bigint[]) AND push_status = 'sending' AND push_claim = ${claim}`,
  );
}

export interface SettingRow {
  wecom_enabled: boolean;
  wecom_key: string;
}

export async function selectSetting(db: Database, userId: number): Promise<SettingRow | null> {
  const rows = await queryRows<SettingRow>(
    db,
    sql`SELECT wecom_enabled, wecom_key FROM monitor_alert_settings WHERE user_id = ${userId}`,
  );
  return rows[0] ?? null;
}

export async function upsertSetting(db: Database, userId: number, setting: SettingRow) {
  await db.execute(
    sql`INSERT INTO monitor_alert_settings (user_id, wecom_enabled, wecom_key, updated_at)
        VALUES (${userId}, ${setting.wecom_enabled}, ${setting.wecom_key}, now())
        ON CONFLICT (user_id) DO UPDATE SET wecom_enabled = EXCLUDED.wecom_enabled, wecom_key = EXCLUDED.wecom_key,
          updated_at = now()`,
  );
}

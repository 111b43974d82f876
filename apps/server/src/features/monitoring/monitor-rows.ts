import { sql } from 'drizzle-orm';

/** The row shapes of monitor_items and monitor_checks as the monitoring repositories read them. */

export interface ItemRow {
  id: number;
  user_id: number;
  platform: string;
  keyword: string;
  aweme_id: string;
  work_title: string;
  created_at: unknown;
}

export interface CheckRow {
  item_id: number;
  day: string;
  status: 'running' | 'ranked' | 'unranked' | 'failed';
  rank: number | null;
  ranked_count: number | null;
}

/** An item `i`'s columns, as `ItemRow` has them. */
export const itemColumns = sql`i.id, i.user_id, i.platform, i.keyword, i.aweme_id, i.work_title, i.created_at`;

/** An item row with its bigint ids as numbers. */
export const normalize = <T extends { id: number; user_id: number }>(row: T): T => ({
  ...row,
  id: Number(row.id),
  user_id: Number(row.user_id),
});

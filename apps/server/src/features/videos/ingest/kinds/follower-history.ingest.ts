import { sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { countInserted, lastOfEach } from '../ingest-batch';

/* A creator's followers per day. */

/** Upserts followers per day by (creator, day). Returns how many days were new. */
export async function upsertFollowerHistory(
  db: Database,
  input: ReadonlyArray<{ creatorId: number; day: string; followerCount: number }>,
): Promise<number> {
  const rows = lastOfEach(input, (row) => `${row.creatorId}/${row.day}`);
  if (rows.length === 0) return 0;
  return countInserted(
    db,
    sql`
    INSERT INTO creator_follower_history (creator_id, day, follower_count)
    SELECT * FROM unnest(${sql.param(rows.map((row) => row.creatorId))}::bigint[],
      ${sql.param(rows.map((row) => row.day))}::date[], ${sql.param(rows.map((row) => row.followerCount))}::bigint[])
    ON CONFLICT (creator_id, day) DO UPDATE SET follower_count = excluded.follower_count
    RETURNING (xmax = 0) AS inserted
  `,
  );
}

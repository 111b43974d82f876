import { sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import type { PlatformComment } from '../../../../providers/platform-data';
import { countInserted, lastOfEach } from '../ingest-batch';

/* Comments, upserted by comment id on their stored videos. */

/** A comment as the platform data provider gives it (one field list for both), on its stored video. */
export type CommentIngest = PlatformComment & {
  videoId: number;
  isDemo: boolean;
};

/** Upserts comments by (video, comment id): a re-import updates the text and figures. Returns how many were new. */
export async function upsertComments(db: Database, input: readonly CommentIngest[]): Promise<number> {
  const rows = lastOfEach(input, (row) => `${row.videoId}/${row.cid}`);
  if (rows.length === 0) return 0;
  const column = <T>(pickValue: (row: CommentIngest) => T) => sql.param(rows.map(pickValue));
  return countInserted(
    db,
    sql`
    INSERT INTO video_comments (video_id, cid, text, create_time, digg_count, reply_count, nickname, avatar_url, is_demo)
    SELECT * FROM unnest(${column((row) => row.videoId)}::bigint[], ${column((row) => row.cid)}::text[],
      ${column((row) => row.text)}::text[], ${column((row) => row.createTime.toISOString())}::timestamptz[],
      ${column((row) => row.diggCount)}::bigint[], ${column((row) => row.replyCount)}::int[],
      ${column((row) => row.nickname)}::text[], ${column((row) => row.avatarUrl)}::text[],
      ${column((row) => row.isDemo)}::boolean[])
    ON CONFLICT (video_id, cid) DO UPDATE SET text = excluded.text, create_time = excluded.create_time,
      digg_count = excluded.digg_count, reply_count = excluded.reply_count, nickname = excluded.nickname,
      avatar_url = excluded.avatar_url, is_demo = excluded.is_demo
    RETURNING (xmax = 0) AS inserted
  `,
  );
}

import { eq, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../db/client';
import { videoRefreshes } from '../../../db/schema';

/**
 * Takes the video's refresh lock: one conditional upsert, so instances sharing the database agree
 * without another lock. A row back (with its new `requested_at`) means the lock was taken; none means
 * someone took it less than `lockMinutes` ago. A concurrent second statement waits on the first's row
 * and then finds its `requested_at` too recent.
 */
export async function takeRefreshLock(
  db: Database,
  videoId: number,
  userId: number,
  lockMinutes: number,
): Promise<Date | null> {
  const rows = await queryRows<{ requested_at: string | Date }>(
    db,
    sql`
    INSERT INTO video_refreshes (video_id, requested_by, requested_at)
    VALUES (${videoId}, ${userId}, now())
    ON CONFLICT (video_id) DO UPDATE SET requested_at = now(), requested_by = excluded.requested_by, job_id = NULL
    WHERE video_refreshes.requested_at < now() - make_interval(mins => ${lockMinutes})
    RETURNING requested_at
  `,
  );
  return rows[0] ? new Date(rows[0].requested_at) : null;
}

export async function setRefreshJob(db: Database, videoId: number, jobId: number | null): Promise<void> {
  await db.update(videoRefreshes).set({ jobId }).where(eq(videoRefreshes.videoId, videoId));
}

import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { videos } from '../../../db/schema';
import { VIDEO_PLATFORM } from '../video-platform';

/**
 * The library's most liked videos, the ones a daily collection refreshes from the source beside the watched ones:
 * the works members meet first in every list. Served by the likes index (platform, good_count desc).
 */
export async function topVideoIds(db: Database, limit: number): Promise<string[]> {
  const rows = await db
    .select({ awemeId: videos.awemeId })
    .from(videos)
    .where(and(eq(videos.platform, VIDEO_PLATFORM), isNotNull(videos.goodCount)))
    // The index's own order (videos_good_count_idx), so the read stops after `limit` entries.
    .orderBy(sql`${videos.goodCount} DESC NULLS FIRST`, asc(videos.id))
    .limit(limit);
  return rows.map((row) => row.awemeId);
}

import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { favourites } from '../../db/schema';

/**
 * The videos (aweme ids) and creators (user ids) of a platform that any member collected: what the
 * scheduled refresh of watched works keeps fresh (docs/collection.md).
 */
export async function collectedWorks(
  db: Database,
  platform: string,
): Promise<{ videos: string[]; creators: string[] }> {
  const rows = await db
    .selectDistinct({ kind: favourites.kind, key: favourites.subjectKey })
    .from(favourites)
    .where(and(eq(favourites.platform, platform), inArray(favourites.kind, ['video', 'creator'])))
    .orderBy(favourites.kind, favourites.subjectKey);
  return {
    videos: rows.filter((row) => row.kind === 'video').map((row) => row.key),
    creators: rows.filter((row) => row.kind === 'creator').map((row) => row.key),
  };
}

import { shanghaiDay } from '@dso/domain';
import type { Database } from '../../../db/client';
import type { PlatformCreatorRecord, PlatformVideoRecord } from '../../../providers/platform-data';
import {
  findCreatorIdsByUserId,
  linkVideoKeywords,
  upsertCreators,
  upsertVideos,
} from '../ingest/video-ingest.repository';
import { creatorIngestOf, videoIngestOf } from './source-records';

/** The authors among `userIds` the library does not hold yet: their accounts must be fetched before their works join. */
export async function creatorsMissing(db: Database, userIds: readonly string[]): Promise<string[]> {
  const held = await findCreatorIdsByUserId(db, userIds);
  return [...new Set(userIds)].filter((userId) => !held.has(userId));
}

/**
 * Stores one keyword's search results as the source gave them, through the same ingest as a video-data import: the
 * authors fetched for them first, then the works (new ones join the library, known ones take the fresh figures; a
 * work whose author is neither held nor fetched is left out), then each work's place in the keyword's results as of
 * the day they were fetched, which 关键词排名 shows. In one transaction. Returns how many works were new and known.
 */
export async function storeDiscoveredWorks(
  db: Database,
  found: {
    keyword: string;
    works: readonly PlatformVideoRecord[];
    authors: readonly PlatformCreatorRecord[];
    isDemo: boolean;
  },
): Promise<{ added: number; updated: number }> {
  if (found.works.length === 0) return { added: 0, updated: 0 };
  return db.transaction(async (tx) => {
    await upsertCreators(
      tx,
      found.authors.map((author) => creatorIngestOf(author, found.isDemo)),
    );
    const stored = await upsertVideos(
      tx,
      found.works.map((work) => videoIngestOf(work, found.isDemo)),
    );
    await linkVideoKeywords(
      tx,
      found.works.flatMap((work, index) => {
        const videoId = stored.ids.get(work.awemeId);
        return videoId === undefined
          ? []
          : [{ videoId, keyword: found.keyword, searchRank: index + 1, asOf: shanghaiDay(work.fetchedAt) }];
      }),
    );
    return { added: stored.inserted, updated: stored.ids.size - stored.inserted };
  });
}

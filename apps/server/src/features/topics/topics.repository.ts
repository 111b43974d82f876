import type { TopicKind, TopicListQuery, VideoSort } from '@dso/contract';
import { and, asc, count, desc, eq, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { creators, topics, topicVideos, videos } from '../../db/schema';
import { countedPage } from '../../lib/page-rows';
import { selectPage } from '../../lib/select-page';
import { type Page, VIDEO_PLATFORM, type VideoRowRecord, videoOrder, videoRowColumns } from '../videos';

export type TopicRecord = typeof topics.$inferSelect;

/** The latest day a kind of topic was recorded, or null when there are none. */
export async function latestTopicDay(db: Database, kind: TopicKind): Promise<string | null> {
  const [row] = await db
    .select({ day: max(topics.day) })
    .from(topics)
    .where(and(eq(topics.platform, VIDEO_PLATFORM), eq(topics.kind, kind)));
  return row?.day ?? null;
}

/** Each sort, largest first: heat as its index reads it, the figures that may be unknown with the unknown last. */
const topicOrder = {
  heat: desc(topics.heat),
  video_count: sql`${topics.videoCount} DESC NULLS LAST`,
  growth: sql`${topics.growth} DESC NULLS LAST`,
} as const;

/**
 * One kind's topics of a day, largest first by the sort (ties by name, so ranks are stable); a topic whose figure
 * is unknown (a collected topic has no work count, a new one no growth) comes after those that have one.
 */
export async function selectTopics(
  db: Database,
  query: { kind: TopicKind; day: string; sort: TopicListQuery['sort'] },
  page: Page,
): Promise<{ rows: TopicRecord[]; total: number }> {
  const where = and(eq(topics.platform, VIDEO_PLATFORM), eq(topics.kind, query.kind), eq(topics.day, query.day));
  return selectPage(db, topics, { where, orderBy: [topicOrder[query.sort], asc(topics.name)], ...page });
}

export async function findTopic(db: Database, topicId: number): Promise<TopicRecord | null> {
  const [row] = await db
    .select()
    .from(topics)
    .where(and(eq(topics.platform, VIDEO_PLATFORM), eq(topics.id, topicId)));
  return row ?? null;
}

/** The works under a topic that can be watched, most liked or newest first. */
export async function selectTopicVideos(
  db: Database,
  topicId: number,
  sort: VideoSort,
  page: Page,
): Promise<{ rows: VideoRowRecord[]; total: number }> {
  const where = and(eq(topicVideos.topicId, topicId), eq(videos.status, 'normal'));
  return countedPage(
    page.limit,
    () =>
      db
        .select(videoRowColumns)
        .from(topicVideos)
        .innerJoin(videos, eq(videos.id, topicVideos.videoId))
        .innerJoin(creators, eq(creators.id, videos.creatorId))
        .where(where)
        .orderBy(...videoOrder(sort))
        .limit(page.limit)
        .offset(page.offset),
    db.select({ total: count() }).from(topicVideos).innerJoin(videos, eq(videos.id, topicVideos.videoId)).where(where),
  );
}

import {
  type TopicList,
  type TopicListQuery,
  type TopicVideosQuery,
  type VideoList,
  videoMessages,
} from '@dso/contract';
import type { Database } from '../../db/client';
import { orNotFound } from '../../lib/app-error';
import { presentRate } from '../keywords';
import { listAccess, listShape, presentVideoRow } from '../videos';
import * as repository from './topics.repository';

/**
 * Video and image-text topics of a day (the latest by default), ranked by heat, video count or
 * growth. The growth is the product's figure: exact for a user with show_original_data, else its
 * 5 % band. Rows are capped as every video list is (VIDEO_LIBRARY_ROWS; visitors the guest rows).
 */
export async function topicList(db: Database, userId: number | null, query: TopicListQuery): Promise<TopicList> {
  const { viewer, dataMax, page } = await listAccess(db, userId, query);
  const day = query.day ?? (await repository.latestTopicDay(db, query.kind));
  if (day === null) return listShape(viewer, dataMax, [], { total: 0 });
  const found = await repository.selectTopics(db, { kind: query.kind, day, sort: query.sort }, page);
  const result = found.rows.map((row, index) => ({
    id: row.id,
    rank: page.offset + index + 1,
    kind: row.kind,
    name: row.name,
    heat: row.heat,
    video_count: row.videoCount,
    growth: row.growth === null ? null : presentRate(row.growth, viewer),
    day: row.day,
  }));
  return listShape(viewer, dataMax, result, found);
}

/** The works under a topic. An unknown topic: 404 话题不存在. */
export async function topicVideoList(db: Database, userId: number | null, query: TopicVideosQuery): Promise<VideoList> {
  const topic = orNotFound(await repository.findTopic(db, query.topic_id), videoMessages.topicNotFound);
  const { viewer, dataMax, page } = await listAccess(db, userId, query);
  const found = await repository.selectTopicVideos(db, topic.id, query.sort, page);
  return listShape(viewer, dataMax, found.rows.map(presentVideoRow), found);
}

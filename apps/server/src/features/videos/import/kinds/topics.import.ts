import {
  findTopicIds,
  findVideosByAwemeId,
  linkTopicVideos,
  type TopicIngest,
  topicKey,
  upsertTopics,
} from '../../ingest/video-ingest.repository';
import { distinctCount, type ImportContext, known, missingMessages } from '../import-context';
import { type CheckedVideoRow, finish, MAX_INT, rowChecker } from '../row-checker';
import type { RawVideoRow } from '../video-import';

/* Two import kinds that go together: topics, and their works (each kind a file of its own). */

const topicKindWords: Record<string, TopicIngest['kind']> = {
  video: 'video',
  视频: 'video',
  image_text: 'image_text',
  图文: 'image_text',
};
const topicKindMessage = '话题类型应为 video（视频）或 image_text（图文）';

/** A topic of a day (its works come in their own file). */
export type TopicRecord = Omit<TopicIngest, 'awemeIds'>;

/** How both files name a topic: its kind, its name (a leading # dropped) and its day. */
function topicNamed(c: ReturnType<typeof rowChecker>): Pick<TopicRecord, 'kind' | 'name' | 'day'> {
  return {
    kind: c.choice('kind', topicKindWords, topicKindMessage) ?? 'video',
    name: c.string('name', '话题', true, 100).replace(/^#/, ''),
    day: c.day('day', '日期') ?? '',
  };
}

export function checkTopicRow(raw: RawVideoRow): CheckedVideoRow<TopicRecord> {
  const c = rowChecker(raw);
  const input: TopicRecord = {
    ...topicNamed(c),
    heat: c.count('heat', '热度', true) ?? 0,
    videoCount: c.count('video_count', '视频数', true, MAX_INT) ?? 0,
    growth: c.fraction('growth', '增长率', false, -1_000, 1_000, '增长率应为小数（如 0.12）或百分数（如 12%）') ?? 0,
    isDemo: false,
  };
  return finish(c.errors, input);
}

/** A work under a topic: the topic by kind, day and name, the work by aweme id. */
export interface TopicVideoRecord {
  kind: TopicIngest['kind'];
  name: string;
  day: string;
  awemeId: string;
}

export function checkTopicVideoRow(raw: RawVideoRow): CheckedVideoRow<TopicVideoRecord> {
  const c = rowChecker(raw);
  const input: TopicVideoRecord = {
    ...topicNamed(c),
    awemeId: c.string('aweme_id', '视频ID', true, 64),
  };
  return finish(c.errors, input);
}

export const importTopics = async (context: ImportContext, rows: RawVideoRow[]) => {
  const accepted = context.accept(rows, checkTopicRow);
  const { ids, inserted } = await upsertTopics(
    context.db,
    accepted.map(({ input }) => ({ ...input, awemeIds: [] })),
  );
  context.written(ids.size, inserted);
};

export const importTopicVideos = async (context: ImportContext, rows: RawVideoRow[]) => {
  const accepted = context.accept(rows, checkTopicVideoRow);
  const [topicIds, videoIds] = await Promise.all([
    findTopicIds(
      context.db,
      accepted.map(({ input }) => input),
    ),
    findVideosByAwemeId(
      context.db,
      accepted.map(({ input }) => input.awemeId),
    ),
  ]);
  const withTopic = known(context, accepted, (input) => topicIds.get(topicKey(input)), 'name', missingMessages.topic);
  const links = known(
    context,
    withTopic.map(({ row, input, found }) => ({ row, input: { ...input, topicId: found } })),
    (input) => videoIds.get(input.awemeId)?.id,
    'aweme_id',
    missingMessages.video,
  ).map(({ input, found }) => ({ topicId: input.topicId, videoId: found }));
  const inserted = await linkTopicVideos(context.db, links);
  context.written(
    distinctCount(links, (link) => `${link.topicId}/${link.videoId}`),
    inserted,
  );
};

import { z } from 'zod';
import { calendarDaySchema } from './input';
import { rateFigureSchema } from './keywords';
import { countSchema, estimatedListSchema } from './shapes';
import { videoPageFields, videoSortSchema } from './videos';

/*
 * Douyin topics (话题): the daily topic lists of videos and image-text posts and the works under a
 * topic (/DouyinTopic). Part of the video library area: its paths are `TopicPath`, its wire
 * conventions those of videos.ts.
 */

/** The topics paths: method, who may call, and the permission each needs. */
export const TopicPath = {
  /** GET ?kind&sort&day&page_no&page_size. Open (guest rows). Video and image-text topics (/DouyinTopic). */
  list: '/api/topic/list',
  /** GET ?topic_id&page_no&page_size. Open. The works under a topic. */
  videos: '/api/topic/videos',
} as const;

/** 'video' topics (/DouyinTopic/searchWord) and 'image_text' topics (imgSearchWord). */
export const topicKindSchema = z.enum(['video', 'image_text'], { message: '话题类型不正确' });
export type TopicKind = z.infer<typeof topicKindSchema>;

/** `GET topic/list` query: one kind on a day (default: the latest), hottest first by default. */
export const topicListQuerySchema = z.object({
  kind: topicKindSchema,
  sort: z.enum(['heat', 'video_count', 'growth'], { message: '排序字段不正确' }).default('heat'),
  day: calendarDaySchema.optional(),
  ...videoPageFields,
});
export type TopicListQuery = z.infer<typeof topicListQuerySchema>;

export const topicRowSchema = z.object({
  id: z.number().int(),
  rank: z.number().int().min(1),
  kind: topicKindSchema,
  /** The hashtag text, without '#'. */
  name: z.string(),
  heat: countSchema,
  /** Works under the topic; null when the source gave none (a collected topic carries its views only). */
  video_count: countSchema.nullable(),
  /** Change of heat against the day before: the fraction, or its band; null without the day before. */
  growth: rateFigureSchema.nullable(),
  day: z.string(),
});
export type TopicRow = z.infer<typeof topicRowSchema>;

export const topicListSchema = estimatedListSchema(topicRowSchema);
export type TopicList = z.infer<typeof topicListSchema>;

/** `GET topic/videos` query; answers a video list. Unknown topic: 404 话题不存在. */
export const topicVideosQuerySchema = z.object({
  topic_id: z.coerce.number({ message: '话题编号不正确' }).int('话题编号不正确').min(1, '话题编号不正确'),
  sort: videoSortSchema.default('good_count'),
  ...videoPageFields,
});
export type TopicVideosQuery = z.infer<typeof topicVideosQuerySchema>;

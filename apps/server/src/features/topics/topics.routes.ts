import { topicListQuerySchema, topicVideosQuerySchema, VideoPath } from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { topicList, topicVideoList } from './topics.service';

/** Topics (/DouyinTopic searchWord and imgSearchWord) and the works under one. Open, rows capped. */
export const topicsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(VideoPath.topicList, { schema: { querystring: topicListQuerySchema } }, async (request) =>
    ok(await topicList(app.db, request.userId, request.query)),
  );

  app.get(VideoPath.topicVideos, { schema: { querystring: topicVideosQuerySchema } }, async (request) =>
    ok(await topicVideoList(app.db, request.userId, request.query)),
  );
};

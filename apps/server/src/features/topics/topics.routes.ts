import { TopicPath, topicListQuerySchema, topicVideosQuerySchema } from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { topicList, topicVideoList } from './topics.service';

/** Topics (/DouyinTopic searchWord and imgSearchWord) and the works under one. Open, rows capped. */
export const topicsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(TopicPath.list, { schema: { querystring: topicListQuerySchema } }, async (request) =>
    ok(await topicList(app.db, request.userId, request.query)),
  );

  app.get(TopicPath.videos, { schema: { querystring: topicVideosQuerySchema } }, async (request) =>
    ok(await topicVideoList(app.db, request.userId, request.query)),
  );
};

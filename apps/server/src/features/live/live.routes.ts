import { LivePath, liveDetailQuerySchema, liveListQuerySchema } from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { liveDetail, liveList } from './live.service';

/**
 * The live pages' calls: one session (/livegoods/detail/{id}, /live_studio?lid=) and the
 * wall (/live_screen). Both are open; a missing or malformed lid answers 400 链接错误，请检查链接是否正确.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(LivePath.detail, { schema: { querystring: liveDetailQuerySchema } }, async (request) =>
    ok(await liveDetail(app.db, request.userId, request.query.lid)),
  );

  app.get(LivePath.list, { schema: { querystring: liveListQuerySchema } }, async (request) =>
    ok(await liveList(app.db, request.userId, request.query.limit)),
  );
};

import { MindMapPath, mindMapBuildBodySchema, mindMapExpandQuerySchema } from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/session';
import { buildMindMap, expandWord } from './mind-map.service';

/** 关键词思维导图: build a keyword's map and expand a word of it; login required for both. */
export const mindMapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(MindMapPath.build, { schema: { body: mindMapBuildBodySchema } }, async (request) =>
    ok(await buildMindMap(app.db, app.providers.llm, requireUser(request), request.body.keyword)),
  );

  app.get(MindMapPath.expand, { schema: { querystring: mindMapExpandQuerySchema } }, async (request) =>
    ok(await expandWord(app.db, requireUser(request), request.query.word)),
  );
};

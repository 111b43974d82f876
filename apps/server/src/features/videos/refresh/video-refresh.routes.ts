import { VideoPath, videoRefreshBodySchema } from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';
import { requireUser } from '../../../plugins/session';
import { requestVideoRefresh } from './video-refresh.service';

/** The refresh-data button: login required (800 for a visitor). */
export const videoRefreshRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(VideoPath.refresh, { schema: { body: videoRefreshBodySchema } }, async (request) => {
    const userId = requireUser(request);
    return ok(await requestVideoRefresh(app.db, userId, request.body.awemeId));
  });
};

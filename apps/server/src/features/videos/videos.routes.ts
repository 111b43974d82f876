import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { videoDetailRoutes } from './detail/video-detail.routes';
import { videoListsRoutes } from './lists/video-lists.routes';
import { videoRefreshRoutes } from './refresh/video-refresh.routes';

/** Videos: each part registers its own routes. */
export const videosRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(videoDetailRoutes);
  await app.register(videoRefreshRoutes);
  await app.register(videoListsRoutes);
};

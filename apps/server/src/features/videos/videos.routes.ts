import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { videoDetailRoutes } from './detail/video-detail.routes';
import { favouritesRoutes } from './favourites/favourites.routes';
import { videoRefreshRoutes } from './refresh/video-refresh.routes';

/** Videos and creators (issue 10): each part registers its own routes. */
export const videosRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(videoDetailRoutes);
  await app.register(videoRefreshRoutes);
  await app.register(favouritesRoutes);
};

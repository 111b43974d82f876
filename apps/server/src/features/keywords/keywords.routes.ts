import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keywordDetailsRoutes } from './detail/keyword-details.routes';
import { keywordSearchRoutes } from './search/keyword-search.routes';

/** The keyword library: each part registers its own routes (search, detail and boards); imports are uploaded in the operator's console. */
export const keywordsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(keywordSearchRoutes);
  await app.register(keywordDetailsRoutes);
};

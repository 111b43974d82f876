import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const subAccountsRoutes: FastifyPluginAsyncZod = async () => {};

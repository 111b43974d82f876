import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const permissionsRoutes: FastifyPluginAsyncZod = async () => {};

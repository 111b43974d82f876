import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The console's 系统 calls (docs/console.md). */
export const systemRoutes: FastifyPluginAsyncZod = async () => {};

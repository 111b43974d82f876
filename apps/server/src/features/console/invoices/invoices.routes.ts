import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The console's 发票 calls (docs/console.md). */
export const invoicesRoutes: FastifyPluginAsyncZod = async () => {};

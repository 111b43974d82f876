import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The console's 退款 calls (docs/console.md). */
export const refundsRoutes: FastifyPluginAsyncZod = async () => {};

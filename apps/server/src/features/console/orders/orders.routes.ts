import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The console's 订单与收款 calls (docs/console.md). */
export const ordersRoutes: FastifyPluginAsyncZod = async () => {};

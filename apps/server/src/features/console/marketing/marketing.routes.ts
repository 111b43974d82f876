import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The console's 套餐与卡券 calls (docs/console.md). */
export const marketingRoutes: FastifyPluginAsyncZod = async () => {};

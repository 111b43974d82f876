import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const wechatRoutes: FastifyPluginAsyncZod = async () => {};

import { OrderPath, previewOrderBodySchema } from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';
import { requireUser } from '../../../plugins/session';
import { previewOrder } from './preview.service';

/** `order/preview_order` (login required: paying requires login, 001 §5). */
export const previewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(OrderPath.preview, { schema: { body: previewOrderBodySchema } }, async (request) =>
    ok(await previewOrder(app.db, requireUser(request), request.body, new Date())),
  );
};

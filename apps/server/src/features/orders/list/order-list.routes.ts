import { OrderPath, pageBodySchema } from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';
import { requireUser } from '../../../plugins/session';
import { listOrders } from './order-list.service';

/** 我的订单 (`find_order_list`). */
export const orderListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(OrderPath.orderList, { schema: { body: pageBodySchema } }, async (request) =>
    ok(await listOrders(app.db, requireUser(request), request.body.page_no, request.body.page_size)),
  );
};

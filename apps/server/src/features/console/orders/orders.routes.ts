import {
  ConsoleOrderPath,
  consoleAgreementsQuerySchema,
  consoleOrdersQuerySchema,
  consoleReconcileApplyBodySchema,
  consoleReconcileQuerySchema,
} from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';
import { listAgreementsInForce, listPlanChoices, paymentContext, reconcileDay } from '../../orders';
import { actorOf, allow } from '../console.access';
import { applyReconciliation, findOrders } from './orders.service';

/**
 * The console's 订单与收款 calls (docs/console.md, Orders): reading orders, totals, agreements and a day's
 * reconciliation (orders.read: 管理员, 财务, 客服), and settling the payments it found missed (orders.act).
 */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { preHandler: allow('orders.read') };
  const act = { preHandler: allow('orders.act') };

  app.get(ConsoleOrderPath.orders, { ...read, schema: { querystring: consoleOrdersQuerySchema } }, async (request) =>
    ok(await findOrders(app.db, request.query)),
  );

  app.get(ConsoleOrderPath.plans, read, async () => ok(await listPlanChoices(app.db)));

  app.get(
    ConsoleOrderPath.agreements,
    { ...read, schema: { querystring: consoleAgreementsQuerySchema } },
    async (request) => ok(await listAgreementsInForce(app.db, request.query.page_no)),
  );

  app.get(
    ConsoleOrderPath.reconcile,
    { ...read, schema: { querystring: consoleReconcileQuerySchema } },
    async (request) => ok(await reconcileDay(paymentContext(app, request), request.query.day)),
  );

  app.post(
    ConsoleOrderPath.reconcileApply,
    { ...act, schema: { body: consoleReconcileApplyBodySchema } },
    async (request) => {
      const { day, order_id, reason } = request.body;
      return ok(
        await applyReconciliation(paymentContext(app, request), actorOf(request), {
          day,
          reason,
          now: new Date(),
          ...(order_id ? { orderId: order_id } : {}),
        }),
        '已按支付渠道补记',
      );
    },
  );
};

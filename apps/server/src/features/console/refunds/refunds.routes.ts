import { ConsoleRefundPath, consoleRefundBodySchema, consoleRefundMessages } from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';
import { paymentContext } from '../../orders';
import { actorOf, allow } from '../console.access';
import { listRefundsDue, refundPayment, refundPaymentByHand } from './refunds.service';

/** The console's 退款 calls (docs/console.md): the list (orders.read), and refunding (orders.act). */
export const refundsRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { preHandler: allow('orders.read') };
  const act = { preHandler: allow('orders.act') };

  app.get(ConsoleRefundPath.list, read, async () => ok(await listRefundsDue(app.db)));

  app.post(ConsoleRefundPath.refund, { ...act, schema: { body: consoleRefundBodySchema } }, async (request) => {
    const result = await refundPayment(paymentContext(app, request), actorOf(request), {
      paymentId: request.body.payment_id,
      reason: request.body.reason,
      now: new Date(),
    });
    return ok(result, result.status === 'success' ? consoleRefundMessages.refunded : consoleRefundMessages.processing);
  });

  app.post(ConsoleRefundPath.refundByHand, { ...act, schema: { body: consoleRefundBodySchema } }, async (request) =>
    ok(
      await refundPaymentByHand(paymentContext(app, request), actorOf(request), {
        paymentId: request.body.payment_id,
        reason: request.body.reason,
        now: new Date(),
      }),
      consoleRefundMessages.markedByHand,
    ),
  );
};

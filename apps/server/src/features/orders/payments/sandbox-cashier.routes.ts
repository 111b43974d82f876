import {
  OrderPath,
  type SandboxCashierResult,
  type SandboxCashierView,
  sandboxCashierBodySchema,
  sandboxCashierQuerySchema,
} from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/client';
import { ok } from '../../../lib/envelope';
import { requireUser } from '../../../plugins/session';
import type { SandboxPayment } from '../../../providers/payment/sandbox';
import { findOrder } from '../orders.repository';

type SandboxTrade = NonNullable<Awaited<ReturnType<SandboxPayment['findTrade']>>>;

/**
 * The trade the cashier may act on for `userId`: its order must be theirs (anyone else, whatever the
 * trade's state, is told only that), and it must still wait for payment.
 */
async function cashierTrade(
  db: Database,
  sandbox: SandboxPayment,
  userId: number,
  tradeNo: string,
  now: Date,
): Promise<SandboxTrade | 'unusable' | 'not_owner'> {
  const trade = tradeNo ? await sandbox.findTrade(tradeNo) : undefined;
  if (!trade) return 'unusable';
  const order = await findOrder(db, trade.outTradeNo);
  if (!order || order.userId !== userId) return 'not_owner';
  if (trade.status !== 'WAIT_BUYER_PAY' || trade.expiresAt <= now) return 'unusable';
  return trade;
}

/**
 * The sandbox cashier (served only while a channel pays through the sandbox, never in production):
 * what the web app's cashier page (`SANDBOX_CASHIER_PAGE`, the sandbox QR's target) shows and its
 * 支付 / 取消. Both act for the order's owner only: the page is opened in the buyer's browser, whose
 * session the call carries; anyone else gets a refusal, not a payment. A press sends the signed
 * notification to the order's notify route exactly as a vendor would post it (through the server's
 * own HTTP stack, so it also works when the server is not reachable at its public address).
 */
export const sandboxCashierRoutes: FastifyPluginAsyncZod = async (app) => {
  const sandbox = app.providers.sandboxPayment;
  // Never in production, even with a hand-made configuration: it marks orders paid.
  if (!sandbox || app.config.env === 'production') return;

  app.get(OrderPath.sandboxCashier, { schema: { querystring: sandboxCashierQuerySchema } }, async (request) => {
    const trade = await cashierTrade(app.db, sandbox, requireUser(request), request.query.trade, new Date());
    if (typeof trade === 'string') return ok<SandboxCashierView>({ state: trade });
    return ok<SandboxCashierView>({
      state: 'payable',
      channel: trade.channel === 'wechat' ? 'wechat' : 'alipay',
      amount: trade.amountFen,
      subject: trade.subject,
      order_id: trade.outTradeNo,
    });
  });

  app.post(OrderPath.sandboxCashier, { schema: { body: sandboxCashierBodySchema } }, async (request) => {
    const { trade: tradeNo, action } = request.body;
    const trade = await cashierTrade(app.db, sandbox, requireUser(request), tradeNo, new Date());
    if (typeof trade === 'string') return ok<SandboxCashierResult>({ state: trade });
    const notification =
      action === 'pay' ? await sandbox.pay(trade.outTradeNo) : await sandbox.cancel(trade.outTradeNo);
    if (!notification) return ok<SandboxCashierResult>({ state: 'unusable' });
    const delivered = await app.inject({
      method: 'POST',
      url: new URL(notification.notifyUrl).pathname,
      headers: notification.headers,
      payload: notification.body,
    });
    if (delivered.statusCode !== 200 || delivered.body !== 'success') {
      request.log.warn({ trade: tradeNo, status: delivered.statusCode }, 'sandbox notification was not accepted');
    }
    return ok<SandboxCashierResult>({ state: action === 'pay' ? 'paid' : 'cancelled' });
  });
};

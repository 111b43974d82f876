import { OrderPath } from '@dso/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderCashierPage, renderCashierResult } from '../../../providers/payment/sandbox-cashier-page';

const tradeSchema = z.object({ trade: z.string().trim().max(64).default('') });
const actionSchema = z.object({ trade: z.string().trim().max(64).default(''), action: z.enum(['pay', 'cancel']) });

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

const unusable = () => renderCashierResult('订单已失效', '该订单已支付、已取消或已过期，请回到电脑上刷新二维码。');

/**
 * The sandbox cashier (served only while a channel pays through the sandbox): the page the sandbox QR
 * opens and its 支付 / 取消 form. A press sends the signed notification to the order's notify route
 * exactly as a vendor would post it (here through the server's own HTTP stack, so it also works
 * when the server is not reachable at its public address, as in tests).
 */
export const sandboxCashierRoutes: FastifyPluginAsyncZod = async (app) => {
  const sandbox = app.providers.sandboxPayment;
  // Never in production, even with a hand-made configuration: anyone could mark orders paid here.
  if (!sandbox || app.config.env === 'production') return;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get(OrderPath.sandboxCashier, { schema: { querystring: tradeSchema } }, async (request, reply) => {
    const trade = request.query.trade ? await sandbox.findTrade(request.query.trade) : undefined;
    if (trade?.status !== 'WAIT_BUYER_PAY' || trade.expiresAt <= new Date()) {
      return sendPage(reply, 410, unusable());
    }
    return sendPage(reply, 200, renderCashierPage(trade));
  });

  app.post(OrderPath.sandboxCashier, { schema: { body: actionSchema } }, async (request, reply) => {
    const { trade, action } = request.body;
    const notification = action === 'pay' ? await sandbox.pay(trade) : await sandbox.cancel(trade);
    if (!notification) return sendPage(reply, 410, unusable());
    const delivered = await app.inject({
      method: 'POST',
      url: new URL(notification.notifyUrl).pathname,
      headers: notification.headers,
      payload: notification.body,
    });
    if (delivered.statusCode !== 200 || delivered.body !== 'success') {
      request.log.warn({ trade, status: delivered.statusCode }, 'sandbox notification was not accepted');
    }
    return action === 'pay'
      ? sendPage(reply, 200, renderCashierResult('支付成功', '请回到电脑上查看，可以关闭此页面。'))
      : sendPage(reply, 200, renderCashierResult('已取消支付', '电脑上的订单已取消，可重新下单。'));
  });
};

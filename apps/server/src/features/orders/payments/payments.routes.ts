import { OrderPath, orderIdQuerySchema } from '@dso/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error';
import { ok } from '../../../lib/envelope';
import { requireUser } from '../../../plugins/session';
import { endRunningAgreement, findCycleInfo } from './agreements.service';
import type { PaymentContext } from './payment-context';
import { alipayTarget, createWechatQr, handleNotification, payFree, payResult } from './payments.service';

/** The payment context of a request: vendors reach us at PUBLIC_URL, else where this browser came from. */
export function paymentContext(app: FastifyInstance, request: FastifyRequest): PaymentContext {
  return {
    db: app.db,
    providers: app.providers,
    config: app.config,
    log: request.log,
    origin: `${request.protocol}://${request.host}`,
  };
}

/** Paying an order by QR (001 §4): the WeChat QR, the Alipay page, the result poll, 0-fen orders. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const wechatQr = async (request: FastifyRequest<{ Querystring: { orderId: string } }>) =>
    ok(await createWechatQr(paymentContext(app, request), requireUser(request), request.query.orderId, new Date()));
  app.get(OrderPath.wechatQr, { schema: { querystring: orderIdQuerySchema } }, wechatQr);
  app.get(OrderPath.wechatPackQr, { schema: { querystring: orderIdQuerySchema } }, wechatQr);

  app.get(OrderPath.payResult, { schema: { querystring: orderIdQuerySchema } }, async (request) =>
    ok(await payResult(paymentContext(app, request), requireUser(request), request.query.orderId, new Date())),
  );

  app.post(OrderPath.payFree, { schema: { body: orderIdQuerySchema } }, async (request) =>
    ok(await payFree(paymentContext(app, request), requireUser(request), request.body.orderId, new Date())),
  );

  app.post(OrderPath.cancelCycle, async (request) =>
    ok(await endRunningAgreement(paymentContext(app, request), requireUser(request), new Date())),
  );
  app.get(OrderPath.cycleInfo, async (request) =>
    ok(await findCycleInfo(paymentContext(app, request), requireUser(request))),
  );

  // Opened by the payer's phone from the Alipay QR: no signature, no login; the order id is the key.
  app.get(OrderPath.alipayPage, { schema: { querystring: orderIdQuerySchema } }, async (request, reply) => {
    const page = (status: number, title: string, text: string) =>
      reply
        .status(status)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><p>${text}</p>`,
        );
    try {
      const target = await alipayTarget(paymentContext(app, request), request.query.orderId, new Date());
      return reply.header('cache-control', 'no-store').redirect(target, 302);
    } catch (error) {
      if (error instanceof AppError) return page(410, '订单已失效', '该订单已支付或已失效，请回到电脑上刷新二维码。');
      request.log.warn({ err: error, orderId: request.query.orderId }, 'the Alipay trade could not be created');
      return page(503, '支付暂时不可用', '支付服务暂时不可用，请稍后重新扫码。');
    }
  });

  await app.register(notifyRoutes);
};

/**
 * Vendor notifications. Their signatures cover the raw body, so this plugin reads every body as
 * text; the gateway parses it after verifying.
 */
const notifyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_, body, done) => done(null, body));

  const routes: Array<[string, string]> = [
    [OrderPath.notifyAlipay, 'alipay'],
    [OrderPath.notifyWechat, 'wechatpay'],
    [OrderPath.notifySandbox, 'sandbox'],
  ];
  for (const [path, provider] of routes) {
    app.post(path, async (request, reply) => {
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]),
      );
      const body = typeof request.body === 'string' ? request.body : '';
      const answer = await handleNotification(paymentContext(app, request), provider, { headers, body }, new Date());
      if (!answer) return reply.status(404).type('text/plain').send('not found');
      return reply.status(answer.status).type(answer.contentType).send(answer.body);
    });
  }
};

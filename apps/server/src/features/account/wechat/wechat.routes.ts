import { WechatPath, wechatPollQuerySchema } from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';
import { issueLoginQr, pollLogin } from './wechat.service';
import { wechatCallbackRoutes } from './wechat-callback.routes';
import { wechatSandboxRoutes } from './wechat-sandbox.routes';

/** WeChat QR login (001 §4): the QR, its long poll, and the way scans come in for the chosen provider. */
export const wechatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(WechatPath.qr, async (request) => {
    // protocol and host honour X-Forwarded-Proto/-Host only from the trusted proxies (TRUST_PROXY).
    const origin = `${request.protocol}://${request.host}`;
    return ok(await issueLoginQr({ db: app.db, provider: app.providers.wechat, log: request.log, origin }));
  });

  app.get(WechatPath.poll, { schema: { querystring: wechatPollQuerySchema } }, async (request) => {
    const gone = new AbortController();
    const onClose = () => gone.abort();
    request.raw.once('close', onClose);
    // A client that left while the request was still being read has already fired 'close'.
    if (request.raw.destroyed) gone.abort();
    try {
      const result = await pollLogin({
        db: app.db,
        ticket: request.query.ticket,
        holdMs: app.config.wechatPollHoldMs,
        intervalMs: app.config.wechatPollIntervalMs,
        // A shutting-down server answers at once: the client polls again, of another instance.
        signal: AbortSignal.any([gone.signal, app.draining]),
        origin: { ip: request.ip, userAgent: request.headers['user-agent'] ?? null },
        limits: { maxSessionsPerUser: app.config.maxSessionsPerUser, sessionTtlMs: app.config.sessionTtlMs },
      });
      return ok(result);
    } finally {
      request.raw.off('close', onClose);
    }
  });

  // Only the chosen provider's entry point exists: a sandbox confirm page in production would let
  // anyone log in as any openid.
  // In production the sandbox pages never exist, whatever provider object a caller passed in.
  if (app.providers.wechat.name !== 'sandbox') await app.register(wechatCallbackRoutes);
  else if (app.config.env !== 'production') await app.register(wechatSandboxRoutes);
};

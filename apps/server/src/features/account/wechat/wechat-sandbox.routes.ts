import { WechatPath } from '@dso/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderResultPage, renderScanPage } from '../../../providers/wechat/sandbox-pages';
import { type EventOutcome, openScanPage, recordEvent } from './wechat.service';

const scanQuerySchema = z.object({ ticket: z.string().max(64).default('') });

const expiredPage = () => renderResultPage('二维码已过期', '请在电脑上刷新二维码后重新扫码。');

const resultPages: Record<EventOutcome, { status: number; html: () => string }> = {
  confirmed: { status: 200, html: () => renderResultPage('登录已确认', '请回到电脑上继续使用 DSO，可以关闭此页面。') },
  cancelled: { status: 200, html: () => renderResultPage('已取消登录', '电脑上的二维码仍可重新扫码。') },
  expired: { status: 410, html: expiredPage },
  ignored: { status: 400, html: () => renderResultPage('无法识别的请求', '请重新扫描电脑上的二维码。') },
};

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/** The sandbox's stand-in for the WeChat app: the page the QR opens and its confirm form. */
export const wechatSandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  // The page posts a plain HTML form; the parser lives only in this plugin.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_, body, done) => done(null, body),
  );

  app.get(WechatPath.sandboxScan, { schema: { querystring: scanQuerySchema } }, async (request, reply) => {
    const sceneId = request.query.ticket.trim();
    if (!sceneId || !(await openScanPage(app.db, sceneId))) return sendPage(reply, 410, expiredPage());
    return sendPage(reply, 200, renderScanPage(sceneId));
  });

  app.post(WechatPath.sandboxConfirm, async (request, reply) => {
    const event = app.providers.wechat.readEvent({
      query: request.query as Record<string, unknown>,
      body: typeof request.body === 'string' ? request.body : '',
    });
    const page = resultPages[await recordEvent(app.db, event)];
    return sendPage(reply, page.status, page.html());
  });
};

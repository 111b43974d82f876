import {
  CONSOLE_SESSION_COOKIE,
  ConsolePath,
  consoleLoginBodySchema,
  consoleMessages,
  consoleVerifyBodySchema,
} from '@dso/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';
import type { RateLimitStore } from '../../../lib/rate-limit';
import { consoleToken, requireStaff } from '../console.access';
import { endByToken, finishLogin, meOf, startLogin } from './staff-login.service';

/**
 * Staff login, logout and who is logged in. The session lives in its own cookie, httpOnly and
 * SameSite=Strict, sent only to `/api/console`: a member's token never opens the console, and a staff
 * session never reaches the members' calls.
 */
export const staffLoginRoutes: FastifyPluginAsyncZod<{ store: RateLimitStore }> = async (app, { store }) => {
  const setSessionCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(CONSOLE_SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: app.config.env === 'production',
      path: '/api/console',
    });

  app.post(ConsolePath.login, { schema: { body: consoleLoginBodySchema } }, async (request, reply) => {
    const userAgent = request.headers['user-agent'];
    const { token, step } = await startLogin(
      { db: app.db, store, sms: app.providers.sms },
      {
        phone: request.body.phone,
        password: request.body.password,
        origin: { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 512) : null },
        previousToken: consoleToken(request),
        now: new Date(),
      },
    );
    setSessionCookie(reply, token);
    return ok(step, consoleMessages.codeSent);
  });

  app.post(ConsolePath.verify, { schema: { body: consoleVerifyBodySchema } }, async (request, reply) => {
    const { token, me } = await finishLogin(app.db, {
      token: consoleToken(request),
      code: request.body.code,
      now: new Date(),
    });
    setSessionCookie(reply, token);
    return ok(me, '登录成功');
  });

  app.post(ConsolePath.logout, async (request, reply) => {
    const token = consoleToken(request);
    if (token) await endByToken(app.db, token, 'logout', new Date());
    reply.clearCookie(CONSOLE_SESSION_COOKIE, { path: '/api/console' });
    return ok(null, '已退出登录');
  });

  app.get(ConsolePath.me, async (request) => ok(meOf(requireStaff(request))));
};

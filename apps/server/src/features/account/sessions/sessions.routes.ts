import { AccountPath } from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';
import { closeSession } from './sessions.service';

/** Logout: ends the request's session. */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(AccountPath.logout, async (request) => {
    // A dead token reaches here too (token-tolerant path): there is nothing left to end.
    if (request.sessionId !== null) await closeSession(app.db, request.sessionId);
    return ok(null, '退出成功');
  });
};

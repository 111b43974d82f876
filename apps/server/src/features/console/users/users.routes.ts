import {
  ConsolePath,
  consoleDissolveLinkBodySchema,
  consoleEndSessionsBodySchema,
  consoleGrantBodySchema,
  consoleUserFindQuerySchema,
  consoleUserIdQuerySchema,
} from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';
import { actorOf, allow } from '../console.access';
import { dissolveMemberLink, endMemberSessions, findMember, grantGrade, readMember } from './users.service';

/** The users page's calls: finding and reading a member (users.read), and the audited actions (users.act). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { preHandler: allow('users.read') };
  const act = { preHandler: allow('users.act') };

  app.get(ConsolePath.userFind, { ...read, schema: { querystring: consoleUserFindQuerySchema } }, async (request) =>
    ok(await findMember(app.db, request.query.q)),
  );

  app.get(ConsolePath.user, { ...read, schema: { querystring: consoleUserIdQuerySchema } }, async (request) =>
    ok(await readMember(app.db, request.query.user_id, new Date())),
  );

  app.post(ConsolePath.userGrant, { ...act, schema: { body: consoleGrantBodySchema } }, async (request) => {
    const { request_id, user_id, grade, days, reason } = request.body;
    return ok(
      await grantGrade({ db: app.db, providers: app.providers, log: request.log }, actorOf(request), {
        requestId: request_id,
        userId: user_id,
        grade,
        days,
        reason,
        now: new Date(),
      }),
      '会员已开通',
    );
  });

  app.post(ConsolePath.userEndSessions, { ...act, schema: { body: consoleEndSessionsBodySchema } }, async (request) => {
    const { user_id, session_id, reason } = request.body;
    return ok(
      await endMemberSessions(app.db, actorOf(request), { userId: user_id, sessionId: session_id ?? null, reason }),
      '会话已结束',
    );
  });

  app.post(
    ConsolePath.userDissolveLink,
    { ...act, schema: { body: consoleDissolveLinkBodySchema } },
    async (request) => {
      const { user_id, link_id, reason } = request.body;
      return ok(
        await dissolveMemberLink(app.db, actorOf(request), {
          userId: user_id,
          linkId: link_id,
          reason,
          now: new Date(),
        }),
        '子账号关系已解除',
      );
    },
  );
};

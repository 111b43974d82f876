import { AccountClosurePath, accountClosureMessages, closeAccountBodySchema } from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';
import { requireUser } from '../../../plugins/session';
import { type ClosureHooks, requestAccountClosure } from './closure.service';

/** 注销账号: the request (docs/accounts.md); the erasure is its job's. */
export const accountClosureRoutes: FastifyPluginAsyncZod<ClosureHooks> = async (app, hooks) => {
  app.post(AccountClosurePath.closeAccount, { schema: { body: closeAccountBodySchema } }, async (request) => {
    const result = await requestAccountClosure({
      hooks,
      payment: { db: app.db, providers: app.providers, log: request.log },
      userId: requireUser(request),
      code: request.body.code,
      now: new Date(),
    });
    return ok(result, accountClosureMessages.requested);
  });
};

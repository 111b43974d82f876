import {
  SubAccountPath,
  subAccountAddBodySchema,
  subAccountAnswerBodySchema,
  subAccountIdBodySchema,
  subAccountUnbindActiveBodySchema,
} from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';
import { requireUser } from '../../../plugins/session';
import {
  acceptInvite,
  cancelSubAccount,
  getInviteInfo,
  getSubAccountInfo,
  getSubAccountQuota,
  inviteSubAccount,
  listSubAccounts,
  refuseInvite,
  reInviteSubAccount,
  unbindSelf,
  unbindSubAccount,
} from './sub-accounts.service';
import { verifyUnbindCode } from './unbind-code';

/** Child accounts (001 §2 bind notice, §4, §6, §7). Every call needs a login. */
export const subAccountsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Parent side.
  app.post(SubAccountPath.add, { schema: { body: subAccountAddBodySchema } }, async (request) =>
    ok(await inviteSubAccount(app.db, { parentUserId: requireUser(request), phone: request.body.phone })),
  );

  app.get(SubAccountPath.list, async (request) => ok(await listSubAccounts(app.db, requireUser(request))));

  app.get(SubAccountPath.quota, async (request) => ok(await getSubAccountQuota(app.db, requireUser(request))));

  app.post(SubAccountPath.cancel, { schema: { body: subAccountIdBodySchema } }, async (request) =>
    ok(await cancelSubAccount(app.db, { parentUserId: requireUser(request), id: request.body.id })),
  );

  app.post(SubAccountPath.reInvite, { schema: { body: subAccountIdBodySchema } }, async (request) =>
    ok(await reInviteSubAccount(app.db, { parentUserId: requireUser(request), id: request.body.id })),
  );

  app.post(SubAccountPath.unbind, { schema: { body: subAccountIdBodySchema } }, async (request) =>
    ok(await unbindSubAccount(app.db, { parentUserId: requireUser(request), id: request.body.id })),
  );

  // Invitee and child side.
  app.get(SubAccountPath.inviteInfo, async (request) => ok(await getInviteInfo(app.db, requireUser(request))));

  app.post(SubAccountPath.accept, { schema: { body: subAccountAnswerBodySchema } }, async (request) => {
    const userId = requireUser(request);
    return ok(await acceptInvite(app.db, { userId, ...(request.body?.id ? { id: request.body.id } : {}) }));
  });

  app.post(SubAccountPath.refuse, { schema: { body: subAccountAnswerBodySchema } }, async (request) => {
    const userId = requireUser(request);
    await refuseInvite(app.db, { userId, ...(request.body?.id ? { id: request.body.id } : {}) });
    return ok(null);
  });

  app.post(SubAccountPath.unbindActive, { schema: { body: subAccountUnbindActiveBodySchema } }, async (request) => {
    const userId = requireUser(request);
    await unbindSelf(app.db, {
      userId,
      phone: request.body.phone,
      code: request.body.code,
      verifyCode: (code) => verifyUnbindCode(app.db, code),
    });
    return ok(null);
  });

  app.get(SubAccountPath.info, async (request) => ok(await getSubAccountInfo(app.db, requireUser(request))));
};

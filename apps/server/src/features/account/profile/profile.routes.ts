import {
  AccountPath,
  bindPhoneBodySchema,
  resetPasswordBodySchema,
  updateUserPhoneBodySchema,
  verifyRawCodeBodySchema,
} from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';
import { requireUser } from '../../../plugins/session';
import { type AccountContext, originOf } from '../account.context';
import { guardIp } from '../ip-guard';
import { bindPhone, changeUserPhone, resetPassword, verifyCurrentPhone } from './profile.service';
import { buildUserInfo, getWechatBinding } from './user-info.service';

/** The account's own details: bind phone, reset password, change phone, user info, WeChat binding. */
export const profileRoutes: FastifyPluginAsyncZod<{ ctx: AccountContext }> = async (app, { ctx }) => {
  const preHandler = guardIp(ctx.store);

  app.post(AccountPath.bindPhone, { schema: { body: bindPhoneBodySchema }, preHandler }, async (request) => {
    const { phone, code, open_id: openId } = request.body;
    return ok(await bindPhone({ ctx, phone, code, openId, origin: originOf(request), now: new Date() }), '绑定成功');
  });

  app.post(AccountPath.resetPassword, { schema: { body: resetPasswordBodySchema }, preHandler }, async (request) => {
    await resetPassword({
      ctx,
      ...request.body,
      userId: request.userId,
      sessionId: request.sessionId,
      now: new Date(),
    });
    return ok(null, '密码修改成功');
  });

  app.post(AccountPath.verifyRawCode, { schema: { body: verifyRawCodeBodySchema } }, async (request) =>
    ok(await verifyCurrentPhone({ ctx, userId: requireUser(request), code: request.body.code, now: new Date() })),
  );

  app.post(AccountPath.updateUserPhone, { schema: { body: updateUserPhoneBodySchema } }, async (request) => {
    const { phone, code, verify_token: verifyToken } = request.body;
    await changeUserPhone({ ctx, userId: requireUser(request), phone, code, verifyToken, now: new Date() });
    return ok(null, '手机号修改成功');
  });

  app.get(AccountPath.userInfo, async (request) => ok(await buildUserInfo(app.db, requireUser(request))));

  app.get(AccountPath.bindWx, async (request) => ok(await getWechatBinding(app.db, requireUser(request))));
};

import {
  AccountPath,
  conversionBodySchema,
  dccTokenQuerySchema,
  fastLoginBodySchema,
  type PublicKey,
  passwordLoginBodySchema,
  perfectBodySchema,
  registerBodySchema,
} from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';
import { requireUser } from '../../../plugins/session';
import { type AccountContext, originOf } from '../account.context';
import { guardIp } from '../ip-guard';
import { reportConversion } from './conversion.service';
import { dccLogin, previewDccLogin } from './dcc.service';
import { loginWithCode, loginWithPassword, registerWithPassword, setFirstPassword } from './login.service';

/** Login and registration: by SMS code, by password, the first password, conversions and the DCC handover. */
export const loginRoutes: FastifyPluginAsyncZod<{ ctx: AccountContext }> = async (app, { ctx }) => {
  const preHandler = guardIp(ctx.store);

  app.post(AccountPath.fastLogin, { schema: { body: fastLoginBodySchema }, preHandler }, async (request) => {
    const { phone, code, ...click } = request.body;
    const result = await loginWithCode({ ctx, phone, code, click, origin: originOf(request), now: new Date() });
    return ok(result, result.reg ? '注册成功' : '登录成功');
  });

  app.post(AccountPath.register, { schema: { body: registerBodySchema }, preHandler }, async (request) => {
    const { phone, code, pwd, ...click } = request.body;
    const origin = originOf(request);
    return ok(await registerWithPassword({ ctx, phone, code, pwd, click, origin, now: new Date() }), '注册成功');
  });

  app.post(AccountPath.login, { schema: { body: passwordLoginBodySchema }, preHandler }, async (request) => {
    const { phone, pwd } = request.body;
    return ok(await loginWithPassword({ ctx, phone, pwd, origin: originOf(request) }), '登录成功');
  });

  app.get(AccountPath.publicKey, async () => {
    const key = await ctx.passwordKey();
    return ok<PublicKey>({ public_key: key.publicKeySpki, algorithm: 'RSA-OAEP', hash: 'SHA-256' });
  });

  app.post(AccountPath.perfect, { schema: { body: perfectBodySchema } }, async (request) => {
    await setFirstPassword({ ctx, userId: requireUser(request), pwd: request.body.pwd });
    return ok(null, '设置成功');
  });

  // Conversions and cross-site login -----------------------------------------------------------------

  app.post(AccountPath.conversion, { schema: { body: conversionBodySchema } }, async (request) =>
    ok(await reportConversion({ ctx, userId: requireUser(request), body: request.body, now: new Date() })),
  );

  app.get(AccountPath.dccLoginLog, { schema: { querystring: dccTokenQuerySchema } }, async (request) =>
    ok(await previewDccLogin({ ctx, token: request.query.token, origin: originOf(request), now: new Date() })),
  );

  app.get(AccountPath.dccLogin, { schema: { querystring: dccTokenQuerySchema }, preHandler }, async (request) => {
    const result = await dccLogin({ ctx, token: request.query.token, origin: originOf(request), now: new Date() });
    return ok(result, '登录成功');
  });
};

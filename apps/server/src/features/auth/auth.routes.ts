import {
  AuthPath,
  bindPhoneBodySchema,
  Code,
  captchaVerifyBodySchema,
  conversionBodySchema,
  dccTokenQuerySchema,
  fastLoginBodySchema,
  type PublicKey,
  passwordLoginBodySchema,
  perfectBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  type SmsSendType,
  sliderCheckQuerySchema,
  smsSendBodySchema,
  updateUserPhoneBodySchema,
  verifyRawCodeBodySchema,
} from '@dso/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { createRateLimitStore } from '../../lib/rate-limit';
import { requireUser } from '../../plugins/session';
import { closeSession } from '../sessions';
import { bindPhone, changeUserPhone, resetPassword, verifyCurrentPhone } from './account.service';
import type { AuthContext, RequestOrigin } from './auth.context';
import { checkTicket, createPuzzle, verifyPuzzle } from './captcha.service';
import { reportConversion } from './conversion.service';
import { dccLogin, previewDccLogin } from './dcc.service';
import { assertIpAllowed } from './ip-guard';
import { loginWithCode, loginWithPassword, registerWithPassword, setFirstPassword } from './login.service';
import { loadPasswordKey, loadTokenSecret, memoize } from './server-keys.service';
import { sendSmsCode, typesByPath } from './sms-send.service';
import { buildUserInfo, getWechatBinding } from './user-info.service';

function originOf(request: FastifyRequest): RequestOrigin {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 512) : null };
}

/** What the accounts routes need from features built on top of them, handed in at app build. */
export interface AuthRoutesOptions {
  /** The sub-accounts feature's answer to 'is this account a child account'. */
  isChildAccount(db: Database, user: { id: number; phone: string }): Promise<boolean>;
}

/** Accounts: captcha, SMS codes, login and registration, password, phone, user info (docs/accounts.md). */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const store = createRateLimitStore({ redisUrl: app.config.redisUrl, log: app.log });
  app.addHook('onClose', () => store.close());
  const ctx: AuthContext = {
    db: app.db,
    config: app.config,
    store,
    log: app.log,
    sms: () => app.providers.sms,
    captcha: () => app.providers.captcha,
    passwordKey: memoize(() => loadPasswordKey(app.db)),
    tokenSecret: memoize(() => loadTokenSecret(app.db)),
    isChildAccount: (user) => options.isChildAccount(app.db, user),
  };
  /** The login calls an address shut out for 24 h may not make (661). */
  const guardIp = async (request: FastifyRequest) => assertIpAllowed(store, request.ip);

  // Captcha: the provider's (docs/providers.md); the built-in slider's puzzles only with the sandbox --

  app.get(AuthPath.captchaConfig, async () => ok(app.providers.captcha.client));

  /** The slider's puzzle calls exist only while it is the captcha: its tickets count for nothing else. */
  const sliderOnly = async (request: FastifyRequest) => {
    // Not served at all with a real provider: the plain 404 of an unknown path.
    if (app.providers.captcha.name !== 'sandbox') throw new AppError(Code.NOT_FOUND, undefined, null, 404);
    await guardIp(request);
  };

  app.get(AuthPath.captchaNew, { preHandler: sliderOnly }, async (request) =>
    ok(await createPuzzle({ db: app.db, store, ip: request.ip, now: new Date() })),
  );

  app.post(
    AuthPath.captchaVerify,
    { schema: { body: captchaVerifyBodySchema }, preHandler: sliderOnly },
    async (request) => ok(await verifyPuzzle({ db: app.db, body: request.body, now: new Date() }), '验证成功'),
  );

  app.get(AuthPath.sliderCheck, { schema: { querystring: sliderCheckQuerySchema } }, async (request) => {
    const { randstr, ticket } = request.query;
    await checkTicket({ captcha: app.providers.captcha, store }, { randstr, ticket, ip: request.ip, now: new Date() });
    return ok({ valid: true });
  });

  // SMS codes: four paths, five variants (contract `smsSendApi`) -------------------------------------

  const sendRoute = (path: string, served: readonly SmsSendType[]) =>
    app.post(path, { schema: { body: smsSendBodySchema } }, async (request) => {
      const result = await sendSmsCode({
        ctx,
        body: request.body,
        served,
        ip: request.ip,
        userId: request.userId,
        now: new Date(),
      });
      return ok(result, '发送成功');
    });
  sendRoute(AuthPath.send, typesByPath.send);
  sendRoute(AuthPath.sendLogin, typesByPath.sendLogin);
  sendRoute(AuthPath.fastSend, typesByPath.fastSend);
  sendRoute(AuthPath.sendUpdatePhone, typesByPath.sendUpdatePhone);

  // Login and registration ---------------------------------------------------------------------------

  app.post(AuthPath.fastLogin, { schema: { body: fastLoginBodySchema }, preHandler: guardIp }, async (request) => {
    const { phone, code, ...click } = request.body;
    const result = await loginWithCode({ ctx, phone, code, click, origin: originOf(request), now: new Date() });
    return ok(result, result.reg ? '注册成功' : '登录成功');
  });

  app.post(AuthPath.register, { schema: { body: registerBodySchema }, preHandler: guardIp }, async (request) => {
    const { phone, code, pwd, ...click } = request.body;
    const origin = originOf(request);
    return ok(await registerWithPassword({ ctx, phone, code, pwd, click, origin, now: new Date() }), '注册成功');
  });

  app.post(AuthPath.login, { schema: { body: passwordLoginBodySchema }, preHandler: guardIp }, async (request) => {
    const { phone, pwd } = request.body;
    return ok(await loginWithPassword({ ctx, phone, pwd, origin: originOf(request) }), '登录成功');
  });

  app.get(AuthPath.publicKey, async () => {
    const key = await ctx.passwordKey();
    return ok<PublicKey>({ public_key: key.publicKeySpki, algorithm: 'RSA-OAEP', hash: 'SHA-256' });
  });

  app.post(AuthPath.perfect, { schema: { body: perfectBodySchema } }, async (request) => {
    await setFirstPassword({ ctx, userId: requireUser(request), pwd: request.body.pwd });
    return ok(null, '设置成功');
  });

  // Bind phone, reset password, change phone ---------------------------------------------------------

  app.post(AuthPath.bindPhone, { schema: { body: bindPhoneBodySchema }, preHandler: guardIp }, async (request) => {
    const { phone, code, open_id: openId } = request.body;
    return ok(await bindPhone({ ctx, phone, code, openId, origin: originOf(request), now: new Date() }), '绑定成功');
  });

  app.post(
    AuthPath.resetPassword,
    { schema: { body: resetPasswordBodySchema }, preHandler: guardIp },
    async (request) => {
      await resetPassword({
        ctx,
        ...request.body,
        userId: request.userId,
        sessionId: request.sessionId,
        now: new Date(),
      });
      return ok(null, '密码修改成功');
    },
  );

  app.post(AuthPath.verifyRawCode, { schema: { body: verifyRawCodeBodySchema } }, async (request) =>
    ok(await verifyCurrentPhone({ ctx, userId: requireUser(request), code: request.body.code, now: new Date() })),
  );

  app.post(AuthPath.updateUserPhone, { schema: { body: updateUserPhoneBodySchema } }, async (request) => {
    const { phone, code, verify_token: verifyToken } = request.body;
    await changeUserPhone({ ctx, userId: requireUser(request), phone, code, verifyToken, now: new Date() });
    return ok(null, '手机号修改成功');
  });

  // Session and user info ----------------------------------------------------------------------------

  app.get(AuthPath.logout, async (request) => {
    // A dead token reaches here too (token-tolerant path): there is nothing left to end.
    if (request.sessionId !== null) await closeSession(app.db, request.sessionId);
    return ok(null, '退出成功');
  });

  app.get(AuthPath.userInfo, async (request) => ok(await buildUserInfo(app.db, requireUser(request))));

  app.get(AuthPath.bindWx, async (request) => ok(await getWechatBinding(app.db, requireUser(request))));

  // Conversions and cross-site login -----------------------------------------------------------------

  app.post(AuthPath.conversion, { schema: { body: conversionBodySchema } }, async (request) =>
    ok(await reportConversion({ ctx, userId: requireUser(request), body: request.body, now: new Date() })),
  );

  app.get(AuthPath.dccLoginLog, { schema: { querystring: dccTokenQuerySchema } }, async (request) =>
    ok(await previewDccLogin({ ctx, token: request.query.token, origin: originOf(request), now: new Date() })),
  );

  app.get(AuthPath.dccLogin, { schema: { querystring: dccTokenQuerySchema }, preHandler: guardIp }, async (request) => {
    const result = await dccLogin({ ctx, token: request.query.token, origin: originOf(request), now: new Date() });
    return ok(result, '登录成功');
  });
};

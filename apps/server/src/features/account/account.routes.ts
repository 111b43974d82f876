import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createRateLimitStore } from '../../lib/rate-limit';
import type { AccountContext } from './account.context';
import { captchaRoutes } from './captcha/captcha.routes';
import { accountClosureRoutes, type ClosureHooks } from './closure';
import { loginRoutes } from './login/login.routes';
import { loadPasswordKey, loadTokenSecret, memoize } from './login/server-keys.service';
import { profileRoutes } from './profile/profile.routes';
import { sessionsRoutes } from './sessions/sessions.routes';
import { smsRoutes } from './sms/sms.routes';
import { isChildAccount, subAccountsRoutes } from './sub-accounts';
import { wechatRoutes } from './wechat';

/** What the account's routes need from the features built on top of it, handed in at app build. */
export interface AccountRoutesOptions {
  /** What closing an account asks of the features that keep its data. */
  closure: ClosureHooks;
}

/**
 * The account (docs/accounts.md): captcha, SMS codes, login and registration, the account's details,
 * logout, WeChat QR login, 注销账号 and sub-accounts. The parts share one context and one rate-limit store.
 */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  const store = createRateLimitStore({ redisUrl: app.config.redisUrl, log: app.log });
  app.addHook('onClose', () => store.close());
  const ctx: AccountContext = {
    db: app.db,
    config: app.config,
    store,
    log: app.log,
    sms: () => app.providers.sms,
    captcha: () => app.providers.captcha,
    passwordKey: memoize(() => loadPasswordKey(app.db)),
    tokenSecret: memoize(() => loadTokenSecret(app.db)),
    isChildAccount: (user) => isChildAccount(app.db, user),
  };
  await app.register(captchaRoutes, { ctx });
  await app.register(smsRoutes, { ctx });
  await app.register(loginRoutes, { ctx });
  await app.register(profileRoutes, { ctx });
  await app.register(sessionsRoutes);
  await app.register(wechatRoutes);
  await app.register(accountClosureRoutes, options.closure);
  await app.register(subAccountsRoutes);
};

import { AccountPath, Code, captchaVerifyBodySchema, sliderCheckQuerySchema } from '@dso/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error';
import { ok } from '../../../lib/envelope';
import type { AccountContext } from '../account.context';
import { guardIp } from '../ip-guard';
import { checkTicket, createPuzzle, verifyPuzzle } from './captcha.service';

/** Captcha: the provider's (docs/providers.md); the built-in slider's puzzles only with the sandbox. */
export const captchaRoutes: FastifyPluginAsyncZod<{ ctx: AccountContext }> = async (app, { ctx }) => {
  const { store } = ctx;

  app.get(AccountPath.captchaConfig, async () => ok(app.providers.captcha.client));

  /** The slider's puzzle calls exist only while it is the captcha: its tickets count for nothing else. */
  const sliderOnly = async (request: FastifyRequest) => {
    // Not served at all with a real provider: the plain 404 of an unknown path.
    if (app.providers.captcha.name !== 'sandbox') throw new AppError(Code.NOT_FOUND, undefined, null, 404);
    await guardIp(store)(request);
  };

  app.get(AccountPath.captchaNew, { preHandler: sliderOnly }, async (request) =>
    ok(await createPuzzle({ db: app.db, store, ip: request.ip, now: new Date() })),
  );

  app.post(
    AccountPath.captchaVerify,
    { schema: { body: captchaVerifyBodySchema }, preHandler: sliderOnly },
    async (request) => ok(await verifyPuzzle({ db: app.db, body: request.body, now: new Date() }), '验证成功'),
  );

  app.get(AccountPath.sliderCheck, { schema: { querystring: sliderCheckQuerySchema } }, async (request) => {
    const { randstr, ticket } = request.query;
    await checkTicket({ captcha: app.providers.captcha, store }, { randstr, ticket, ip: request.ip, now: new Date() });
    return ok({ valid: true });
  });
};

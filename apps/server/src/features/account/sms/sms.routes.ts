import { AccountPath, type SmsSendType, smsSendBodySchema } from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';
import type { AccountContext } from '../account.context';
import { sendSmsCode, typesByPath } from './sms-send.service';

/** SMS codes: four paths, five variants (contract `smsSendApi`). */
export const smsRoutes: FastifyPluginAsyncZod<{ ctx: AccountContext }> = async (app, { ctx }) => {
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
  sendRoute(AccountPath.send, typesByPath.send);
  sendRoute(AccountPath.sendLogin, typesByPath.sendLogin);
  sendRoute(AccountPath.fastSend, typesByPath.fastSend);
  sendRoute(AccountPath.sendUpdatePhone, typesByPath.sendUpdatePhone);
};

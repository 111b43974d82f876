import { cardCodeQuerySchema, OrderPath } from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';
import { requireUser } from '../../../plugins/session';
import { unsignEndingAgreements } from '../payments/agreements.service';
import { exchangeCard, inspectCard } from './cards.service';

/** Membership card check and exchange (001 §4, §7): `card_code/exchange_inspect` and `card_code/exchange`. */
export const cardsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(OrderPath.cardInspect, { schema: { querystring: cardCodeQuerySchema } }, async (request) =>
    ok(await inspectCard(app.db, { userId: requireUser(request), code: request.query.code, now: new Date() })),
  );

  app.get(OrderPath.cardExchange, { schema: { querystring: cardCodeQuerySchema } }, async (request) => {
    const userId = requireUser(request);
    const exchanged = await exchangeCard(app.db, { userId, code: request.query.code, now: new Date() });
    // A card that replaced the grade ended its 连续包月 with it: unsign that at the vendor now.
    await unsignEndingAgreements({ db: app.db, providers: app.providers, log: request.log }, userId);
    return ok(exchanged);
  });
};

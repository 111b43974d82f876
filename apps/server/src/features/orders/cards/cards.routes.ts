import { cardCodeQuerySchema, OrderPath } from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';
import { requireUser } from '../../../plugins/session';
import { exchangeCard, inspectCard } from './cards.service';

/** Membership card check and exchange (001 §4, §7): `card_code/exchange_inspect` and `card_code/exchange`. */
export const cardsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(OrderPath.cardInspect, { schema: { querystring: cardCodeQuerySchema } }, async (request) =>
    ok(await inspectCard(app.db, { userId: requireUser(request), code: request.query.code, now: new Date() })),
  );

  app.get(OrderPath.cardExchange, { schema: { querystring: cardCodeQuerySchema } }, async (request) =>
    ok(await exchangeCard(app.db, { userId: requireUser(request), code: request.query.code, now: new Date() })),
  );
};

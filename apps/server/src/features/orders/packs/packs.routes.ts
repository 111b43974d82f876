import { frequencyPackageQuerySchema, OrderPath, previewFrequencyOrderBodySchema } from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';
import { requireUser } from '../../../plugins/session';
import { listPackages, previewPackOrder } from './packs.service';

/** Usage-count packs (001 §4): the list by type and the pack order preview. */
export const packsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(OrderPath.frequencyPackages, { schema: { querystring: frequencyPackageQuerySchema } }, async (request) => {
    requireUser(request);
    return ok(await listPackages(app.db, request.query.frequencyType));
  });

  app.post(OrderPath.previewFrequency, { schema: { body: previewFrequencyOrderBodySchema } }, async (request) =>
    ok(await previewPackOrder(app.db, requireUser(request), request.body, new Date())),
  );
};

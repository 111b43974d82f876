import { DistributionPath, distributionLeadBodySchema, distributionMessages } from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { createRateLimitStore } from '../../lib/rate-limit';
import { insertLead } from './distribution.repository';

/** Leads one address may leave in an hour, and one phone in a day: enough for a person, not for a script. */
const PER_ADDRESS = { limit: 5, windowMs: 60 * 60_000 };
const PER_PHONE = { limit: 3, windowMs: 24 * 60 * 60_000 };

/** /distribution (代运营): the contact form stores a lead for the agency team (docs/publishing.md). Open. */
export const distributionRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = createRateLimitStore({ redisUrl: app.config.redisUrl, log: app.log });
  app.addHook('onClose', () => store.close());

  app.post(DistributionPath.lead, { schema: { body: distributionLeadBodySchema } }, async (request) => {
    const byAddress = await store.increment(`distribution:ip:${request.ip}`, PER_ADDRESS.windowMs);
    const byPhone = await store.increment(`distribution:phone:${request.body.phone}`, PER_PHONE.windowMs);
    if (byAddress.count > PER_ADDRESS.limit || byPhone.count > PER_PHONE.limit) {
      throw AppError.toast(distributionMessages.tooOften);
    }
    await insertLead(app.db, { ...request.body, userId: request.userId ?? null, ip: request.ip });
    return ok(null, distributionMessages.submitted);
  });
};

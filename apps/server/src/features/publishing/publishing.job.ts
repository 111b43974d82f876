import { z } from 'zod';
import type { PublishingProvider } from '../../providers/publishing/index';
import { type JobHandlers, PermanentJobError } from '../jobs';
import { keepTokensAlive, PUBLISHING_TOKENS_JOB } from './accounts.service';
import { PUBLISHING_DELIVER_JOB, runDelivery } from './posts.service';

const payloadSchema = z.object({ deliveryId: z.number().int().positive() });

/**
 * The delivery job: publishes one post to one account. A platform outage fails the attempt so the
 * worker tries again with backoff (three tries, then the delivery shows 发布失败 with the platform's
 * error and its 重试 button); everything else ends the job with the delivery's status recorded. The
 * token upkeep refreshes and renews authorised accounts' tokens before they end.
 */
export function publishingJobHandlers(deps: { publishing: PublishingProvider }): JobHandlers {
  return {
    [PUBLISHING_DELIVER_JOB]: async (payload, { db, job, log }) => {
      const parsed = payloadSchema.safeParse(payload);
      if (!parsed.success) throw new PermanentJobError(`bad payload: ${parsed.error.message}`);
      const outcome = await runDelivery({
        db,
        provider: deps.publishing,
        deliveryId: parsed.data.deliveryId,
        lastAttempt: job.attempts >= job.maxAttempts,
        now: () => new Date(),
      });
      log.info({ deliveryId: parsed.data.deliveryId, outcome }, 'publishing delivery ran');
      if (outcome === 'retry') throw new Error('the publishing platform is unavailable; trying again');
    },
    [PUBLISHING_TOKENS_JOB]: async (_payload, { db, log }) => {
      const outcome = await keepTokensAlive(db, deps.publishing, new Date());
      if (outcome.refreshed || outcome.renewed || outcome.expired) log.info(outcome, 'publishing tokens kept alive');
    },
  };
}

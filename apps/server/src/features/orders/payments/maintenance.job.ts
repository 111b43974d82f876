import type { Database } from '../../../db/client';
import type { Providers } from '../../../providers';
import { enqueueJob, type JobHandlers } from '../../jobs';
import { settleProcessingRefunds } from '../refunds/refund-settle.service';
import { chargeDueAgreements, unsignEndingAgreements } from './agreements.service';
import { closeExpiredOrders } from './close-order.service';
import type { PaymentContext } from './payment-context';

/**
 * The orders' upkeep job: close lapsed orders at the vendor and here, charge due 周期扣款 agreements,
 * unsign at the vendor the agreements ended here that it could not unsign at the time, and settle by
 * query the refunds whose notification has not come.
 */
export const ORDERS_MAINTAIN_JOB = 'orders.maintain';
/** How often it runs: lapsed orders are closed within this of their 900 s (pay_result closes sooner when polled). */
const MAINTAIN_EVERY_MS = 10 * 60_000;

/** Queues the next run unless one already waits (every instance calls this at start). */
export async function scheduleOrdersMaintenance(db: Database, runAfter = new Date()) {
  await enqueueJob(db, { kind: ORDERS_MAINTAIN_JOB, runAfter, singletonKey: ORDERS_MAINTAIN_JOB, maxAttempts: 3 });
}

export function orderJobHandlers(deps: {
  providers: Pick<Providers, 'payment'>;
  publicUrl: string | undefined;
}): JobHandlers {
  return {
    async [ORDERS_MAINTAIN_JOB](_payload, { db, log }) {
      const context: PaymentContext = {
        db,
        providers: deps.providers,
        config: { publicUrl: deps.publicUrl },
        log,
        // Without PUBLIC_URL a background charge cannot know the browser's address; vendors of real
        // providers need PUBLIC_URL anyway (config requires it with them).
        origin: deps.publicUrl ?? 'http://localhost:8080',
      };
      const now = new Date();
      try {
        const closed = await closeExpiredOrders(context, now);
        const charged = await chargeDueAgreements(context, now);
        const unsigned = await unsignEndingAgreements(context);
        const refunds = await settleProcessingRefunds(context, now);
        if (closed || charged || unsigned || refunds)
          log.info({ closed, charged, unsigned, refunds }, 'orders maintained');
      } finally {
        await scheduleOrdersMaintenance(db, new Date(now.getTime() + MAINTAIN_EVERY_MS));
      }
    },
  };
}

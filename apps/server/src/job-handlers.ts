import type { JobHandlers } from './features/jobs/jobs.worker';
import { keywordJobHandlers } from './features/keywords/keyword-jobs';
import { invoiceJobHandlers } from './features/orders/invoices/issue-invoice.job';
import { orderJobHandlers } from './features/orders/payments/maintenance.job';
import type { Providers } from './providers';

/**
 * Every job kind the product runs, by kind: what `npm run worker` and the in-process worker serve.
 * Composed here, beside the app, and handed to the worker, so the jobs feature knows no feature's
 * jobs and the features that enqueue jobs can import the queue without a cycle.
 */
export function allJobHandlers(deps?: {
  providers: Pick<Providers, 'payment' | 'invoice'>;
  publicUrl: string | undefined;
}): JobHandlers {
  // The orders' upkeep and invoicing need their providers; callers without them (tests of other jobs) skip them.
  return { ...keywordJobHandlers, ...(deps ? orderJobHandlers(deps) : {}), ...(deps ? invoiceJobHandlers(deps) : {}) };
}

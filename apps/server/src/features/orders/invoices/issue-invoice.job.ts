import { z } from 'zod';
import type { Providers } from '../../../providers';
import { type JobHandlers, PermanentJobError } from '../../jobs';
import { INVOICE_ISSUE_JOB, issueInvoice } from './issue-invoice.service';

const payloadSchema = z.object({ invoiceId: z.string().min(1) });

/** The invoice issuing job (queued by `invoice/insert`): one pending invoice through the invoice provider. */
export function invoiceJobHandlers(deps: { providers: Pick<Providers, 'invoice'> }): JobHandlers {
  return {
    async [INVOICE_ISSUE_JOB](payload, { db, job, log }) {
      const parsed = payloadSchema.safeParse(payload);
      if (!parsed.success) throw new PermanentJobError('invoice job without an invoice id');
      await issueInvoice({ db, provider: deps.providers.invoice, log }, parsed.data.invoiceId, {
        lastAttempt: job.attempts >= job.maxAttempts,
      });
    },
  };
}

import type { Database } from '../../../db/client';
import { type InvoiceProvider, type InvoiceRequest, InvoiceRequestError } from '../../../providers/invoice/index';
import { InvoiceFontMissingError } from '../../../providers/invoice/invoice-font';
import { enqueueJob, PermanentJobError } from '../../jobs';
import { orderTitle } from '../payments/payments.service';
import { type InvoiceContext, invoiceMessages as m } from './invoice-items';
import { findInvoice, type InvoiceSummary, selectCoveredOrders, updateInvoiceFrom } from './invoices.repository';

/** The issuing job (`issue-invoice.job.ts`). */
export const INVOICE_ISSUE_JOB = 'invoices.issue';

/** Queues the issuing of an invoice (once: a second call while one waits adds nothing). */
export async function queueIssuing(db: Database, invoiceId: string) {
  await enqueueJob(db, {
    kind: INVOICE_ISSUE_JOB,
    payload: { invoiceId },
    singletonKey: invoiceId,
    maxAttempts: 6,
  });
}

export /** The request an invoice was (or is to be) issued from: one line per order, as paid. */
async function invoiceRequestOf(db: Database, invoice: InvoiceSummary, issuedAt: Date): Promise<InvoiceRequest> {
  const orders = await selectCoveredOrders(db, invoice.id);
  const lines = [];
  for (const order of orders) {
    lines.push({
      name: `*信息技术服务*DSO ${await orderTitle({ db }, order)}`,
      amountFen: order.payMoneyFen,
      orderId: order.id,
    });
  }
  const optional = <K extends string>(key: K, value: string | null) =>
    (value === null ? {} : { [key]: value }) as Partial<Record<K, string>>;
  return {
    invoiceId: invoice.id,
    kind: invoice.kind as InvoiceRequest['kind'],
    titleType: invoice.titleType as InvoiceRequest['titleType'],
    title: invoice.title,
    ...optional('taxNo', invoice.taxNo),
    ...optional('address', invoice.address),
    ...optional('phone', invoice.phone),
    ...optional('bankName', invoice.bankName),
    ...optional('bankAccount', invoice.bankAccount),
    ...optional('email', invoice.email),
    lines,
    issuedAt,
  };
}

/** Failures the provider will give again for the same request: retrying cannot help. */
export const isPermanent = (error: unknown): error is InvoiceRequestError | InvoiceFontMissingError =>
  error instanceof InvoiceRequestError || error instanceof InvoiceFontMissingError;

/**
 * The issuing job's work: a pending invoice goes to the provider and becomes issued with its number and
 * PDF. A request the provider refuses, or a missing font, fails it with the reason the user sees (and the
 * job is not retried); any other error is retried, and fails it on the last attempt. Without a provider
 * (manual issuing) the invoice stays pending for the finance team. An invoice no longer pending is left
 * alone, so a repeated job does nothing twice.
 */
export async function issueInvoice(
  context: InvoiceContext,
  invoiceId: string,
  options: { lastAttempt: boolean; now?: Date },
): Promise<void> {
  const { db, provider, log } = context;
  if (!provider) {
    log.info({ invoiceId }, 'invoice left pending for manual issuing');
    return;
  }
  const invoice = await findInvoice(db, invoiceId);
  if (invoice?.status !== 'pending') return;
  const request = await invoiceRequestOf(db, invoice, options.now ?? new Date());
  let issued: Awaited<ReturnType<InvoiceProvider['issue']>>;
  try {
    issued = await provider.issue(request);
  } catch (error) {
    if (isPermanent(error)) {
      await updateInvoiceFrom(db, invoiceId, ['pending'], { status: 'failed', failure: error.message });
      const detail = error instanceof InvoiceFontMissingError ? error.detail : undefined;
      log.warn({ invoiceId, reason: error.message, detail }, 'invoice could not be issued');
      throw new PermanentJobError(error.message);
    }
    if (options.lastAttempt) {
      await updateInvoiceFrom(db, invoiceId, ['pending'], { status: 'failed', failure: m.issueFailed });
    }
    throw error;
  }
  await updateInvoiceFrom(db, invoiceId, ['pending'], {
    status: 'issued',
    invoiceNo: issued.invoiceNo,
    pdf: issued.pdf,
    issuedAt: issued.issuedAt,
    failure: null,
  });
  log.info({ invoiceId, invoiceNo: issued.invoiceNo }, 'invoice issued');
}

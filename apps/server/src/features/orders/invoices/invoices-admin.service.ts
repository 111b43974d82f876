import { consoleInvoiceMessages, type InvoiceStatus } from '@dso/contract';
import type { Database } from '../../../db/client';
import { AppError, orNotFound } from '../../../lib/app-error';
import { unixSeconds } from '../../../lib/unix-seconds';
import type { IssuedInvoice } from '../../../providers/invoice/index';
import { type InvoiceContext, invoiceMessages as m, withOrderIds } from './invoice-items';
import { findInvoice, type InvoiceSummary, selectInvoices, updateInvoiceFrom } from './invoices.repository';
import { invoiceRequestOf, isPermanent, queueIssuing } from './issue-invoice.service';

/*
 * What staff do with invoices (the operator's console, docs/console.md "Invoices"). Each change moves the
 * invoice on from the states it may leave, in one transaction with the caller's `record` (the console's audit
 * entry); an invoice already moved on — a repeated click, the job or another staff member first — changes
 * nothing and is refused with what it now is, so nothing is done or audited twice.
 */

/** Writes what the change did beside it, in its transaction; answers the audit entry's id. */
export type RecordInvoiceChange = (
  tx: Database,
  change: { before: InvoiceSummary; after: InvoiceSummary },
) => Promise<number>;

type InvoiceAction = 'issue' | 'upload' | 'redden' | 'retry';
type StaffContext = Pick<InvoiceContext, 'db' | 'provider'>;

/** The states each action moves an invoice on from. */
const movesFrom: Record<InvoiceAction, InvoiceStatus[]> = {
  issue: ['pending'],
  upload: ['pending', 'failed'],
  redden: ['issued'],
  retry: ['failed'],
};

/** Why an action cannot move an invoice in `status` (one it does not move from). */
function refusal(action: InvoiceAction, status: string): AppError {
  if (status === 'reddened') return AppError.toast(consoleInvoiceMessages.alreadyReddened);
  if (action === 'redden') return AppError.toast(m.reddenIssuedOnly);
  if (status === 'issued') return AppError.toast(m.alreadyIssued);
  if (status === 'pending') return AppError.toast(consoleInvoiceMessages.waiting);
  return AppError.toast(consoleInvoiceMessages.failedUseRetry);
}

async function requireInvoice(db: Database, id: string) {
  return orNotFound(await findInvoice(db, id), m.notFound);
}

/** The invoice, refused unless `action` may move it on now. */
async function invoiceFor(db: Database, id: string, action: InvoiceAction) {
  const invoice = await requireInvoice(db, id);
  if (!movesFrom[action].includes(invoice.status as InvoiceStatus)) throw refusal(action, invoice.status);
  return invoice;
}

/** Moves the invoice on and records it, in one transaction; refused when it has moved on meanwhile. */
async function moveInvoice(
  db: Database,
  id: string,
  action: InvoiceAction,
  values: Parameters<typeof updateInvoiceFrom>[3],
  record: RecordInvoiceChange,
  after?: (tx: Database) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const before = await requireInvoice(tx, id);
    const moved = await updateInvoiceFrom(tx, id, movesFrom[action], values);
    // Moved on meanwhile (the update waited for the other change's commit): say what it is now.
    if (!moved) throw refusal(action, (await requireInvoice(tx, id)).status);
    await after?.(tx);
    return record(tx, { before, after: moved });
  });
}

/** A provider's call, its permanent refusals (a wrong tax number, a missing font) shown to staff in its words. */
async function callProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isPermanent(error)) throw AppError.toast(error.message);
    throw error;
  }
}

/**
 * Issues a waiting request now, through the invoice provider (which treats the invoice id as the same
 * invoice however often it is asked, so racing the issuing job issues one). Answers the audit entry's id.
 */
export async function issueWaitingInvoice(
  context: StaffContext,
  id: string,
  record: RecordInvoiceChange,
  now = new Date(),
) {
  const { db, provider } = context;
  if (!provider) throw AppError.toast(m.manualMode);
  const invoice = await invoiceFor(db, id, 'issue');
  const request = await invoiceRequestOf(db, invoice, now);
  const issued = await callProvider(() => provider.issue(request));
  return moveInvoice(db, id, 'issue', blueValues(issued), record);
}

const blueValues = (issued: IssuedInvoice) => ({
  status: 'issued',
  invoiceNo: issued.invoiceNo,
  pdf: issued.pdf,
  issuedAt: issued.issuedAt,
  failure: null,
});

const redValues = (red: IssuedInvoice, reason: string) => ({
  status: 'reddened',
  redInvoiceNo: red.invoiceNo,
  redPdf: red.pdf,
  redReason: reason,
  reddenedAt: red.issuedAt,
});

/** The red-letter invoice's own id, derived so a repeated 红冲 asks the provider for the same red invoice. */
const redInvoiceId = (invoiceId: string) => `R${invoiceId.slice(1)}`;

/**
 * 红冲 through the provider: the red-letter invoice cancelling an issued one in full; the invoice becomes
 * reddened with the red one's number and file, and its orders can be invoiced again.
 */
export async function reddenIssuedInvoice(
  context: StaffContext,
  input: { id: string; reason: string },
  record: RecordInvoiceChange,
  now = new Date(),
) {
  const { db, provider } = context;
  if (!provider) throw AppError.toast(m.manualMode);
  const invoice = await invoiceFor(db, input.id, 'redden');
  if (!invoice.invoiceNo || !invoice.issuedAt) throw AppError.toast(m.reddenIssuedOnly);
  const original = await invoiceRequestOf(db, invoice, invoice.issuedAt);
  const red = await callProvider(() =>
    provider.redden({
      invoiceId: redInvoiceId(input.id),
      invoiceNo: invoice.invoiceNo!,
      reason: input.reason,
      original,
      issuedAt: now,
    }),
  );
  return moveInvoice(db, input.id, 'redden', redValues(red, input.reason), record);
}

/**
 * Issuing by hand: the finance team uploads the invoice it issued on the tax platform. The blue file turns a
 * waiting or failed invoice issued; with `red` the red-letter file turns an issued one reddened.
 */
export async function recordUploadedInvoice(
  db: Database,
  input: { id: string; invoiceNo: string; pdf: Buffer; red: boolean; reason: string; now?: Date },
  record: RecordInvoiceChange,
) {
  const issuedAt = input.now ?? new Date();
  const file = { invoiceNo: input.invoiceNo, pdf: input.pdf, issuedAt };
  return input.red
    ? moveInvoice(db, input.id, 'redden', redValues(file, input.reason), record)
    : moveInvoice(db, input.id, 'upload', blueValues(file), record);
}

/** Queues a failed invoice for issuing again (a font installed, the platform back). */
export async function retryFailedInvoice(context: StaffContext, id: string, record: RecordInvoiceChange) {
  const { db, provider } = context;
  if (!provider) throw AppError.toast(m.manualMode);
  return moveInvoice(db, id, 'retry', { status: 'pending', failure: null }, record, (tx) => queueIssuing(tx, id));
}

/** What staff see of an invoice besides what its buyer sees: the full title and the red invoice. */
const staffFields = (row: InvoiceSummary) => ({
  user_id: row.userId,
  address: row.address,
  phone: row.phone,
  bank_name: row.bankName,
  bank_account: row.bankAccount,
  email: row.email,
  red_invoice_no: row.redInvoiceNo,
  red_reason: row.redReason,
  reddened_time: unixSeconds(row.reddenedAt),
});

async function staffItems(db: Database, rows: InvoiceSummary[]) {
  const items = await withOrderIds(db, rows);
  return rows.map((row, index) => ({ ...items[index]!, ...staffFields(row) }));
}

/** The queue: invoices of every user, newest first, optionally of one status. */
export async function listAllInvoices(
  db: Database,
  status: InvoiceStatus | undefined,
  pageNo: number,
  pageSize: number,
) {
  const { rows, total } = await selectInvoices(db, status, (pageNo - 1) * pageSize, pageSize);
  return { list: await staffItems(db, rows), total };
}

/** One invoice as the queue lists it, or 发票不存在. */
export async function findStaffInvoice(db: Database, id: string) {
  const [item] = await staffItems(db, [await requireInvoice(db, id)]);
  return item!;
}

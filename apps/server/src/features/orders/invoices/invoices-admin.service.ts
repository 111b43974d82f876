import { Code, type InvoiceItem, type InvoiceStatus } from '@dso/contract';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { unixSeconds } from '../../../lib/unix-seconds';
import type { InvoiceProvider } from '../../../providers/invoice/index';
import { type InvoiceContext, invoiceItemOf, invoiceMessages as m, withOrderIds } from './invoice-items';
import { findInvoice, selectInvoices, updateInvoiceFrom } from './invoices.repository';
import { invoiceRequestOf, isPermanent, queueIssuing } from './issue-invoice.service';

/** The red-letter invoice's own id, derived so a repeated 红冲 asks the provider for the same red invoice. */
const redInvoiceId = (invoiceId: string) => `R${invoiceId.slice(1)}`;

/**
 * 红冲 by an operator: the provider issues the red-letter invoice cancelling an issued one in full; the
 * invoice becomes reddened with the red one's number and file, and its orders can be invoiced again.
 * The red invoice's id derives from the blue one's, so a repeated or concurrent 红冲 asks for the same red
 * invoice and only one moves the invoice on.
 */
export async function reddenInvoice(
  context: Pick<InvoiceContext, 'db' | 'provider'>,
  id: string,
  reason: string,
  now = new Date(),
): Promise<InvoiceItem> {
  const { db, provider } = context;
  if (!provider) throw AppError.toast(m.manualMode);
  const invoice = await findInvoice(db, id);
  if (!invoice) throw new AppError(Code.NOT_FOUND, m.notFound);
  if (invoice.status !== 'issued' || !invoice.invoiceNo || !invoice.issuedAt) throw AppError.toast(m.reddenIssuedOnly);
  if (!reason.trim()) throw AppError.badRequest(m.reasonRequired);
  let red: Awaited<ReturnType<InvoiceProvider['redden']>>;
  try {
    red = await provider.redden({
      invoiceId: redInvoiceId(id),
      invoiceNo: invoice.invoiceNo,
      reason: reason.trim(),
      original: await invoiceRequestOf(db, invoice, invoice.issuedAt),
      issuedAt: now,
    });
  } catch (error) {
    if (isPermanent(error)) throw AppError.toast(error.message);
    throw error;
  }
  const moved = await updateInvoiceFrom(db, id, ['issued'], {
    status: 'reddened',
    redInvoiceNo: red.invoiceNo,
    redPdf: red.pdf,
    redReason: reason.trim(),
    reddenedAt: red.issuedAt,
  });
  if (!moved) {
    const current = await invoiceItemOf(db, id);
    if (current.status !== 'reddened') throw AppError.toast(m.reddenIssuedOnly);
    return current;
  }
  return invoiceItemOf(db, id);
}

/**
 * Manual issuing: the finance team uploads the invoice it issued elsewhere. The blue file turns a pending
 * (or failed) invoice issued; with `red` the red-letter file turns an issued one reddened.
 */
export async function recordUploadedInvoice(
  db: Database,
  input: { id: string; invoiceNo: string; pdf: Buffer; red: boolean; reason: string | null; now?: Date },
): Promise<InvoiceItem> {
  const now = input.now ?? new Date();
  const invoice = await findInvoice(db, input.id);
  if (!invoice) throw new AppError(Code.NOT_FOUND, m.notFound);
  if (input.red) {
    const reason = input.reason?.trim();
    if (!reason) throw AppError.badRequest(m.reasonRequired);
    const moved = await updateInvoiceFrom(db, input.id, ['issued'], {
      status: 'reddened',
      redInvoiceNo: input.invoiceNo,
      redPdf: input.pdf,
      redReason: reason,
      reddenedAt: now,
    });
    if (!moved) throw AppError.toast(m.reddenIssuedOnly);
  } else {
    const moved = await updateInvoiceFrom(db, input.id, ['pending', 'failed'], {
      status: 'issued',
      invoiceNo: input.invoiceNo,
      pdf: input.pdf,
      issuedAt: now,
      failure: null,
    });
    if (!moved) throw AppError.toast(m.alreadyIssued);
  }
  return invoiceItemOf(db, input.id);
}

/** An operator asks again for a pending or failed invoice (a font installed, a provider configured). */
export async function retryInvoice(context: Pick<InvoiceContext, 'db' | 'provider'>, id: string) {
  const { db, provider } = context;
  if (!provider) throw AppError.toast(m.manualMode);
  const moved = await db.transaction(async (tx) => {
    const row = await updateInvoiceFrom(tx, id, ['pending', 'failed'], { status: 'pending', failure: null });
    if (row) await queueIssuing(tx, id);
    return row;
  });
  if (!moved) {
    await invoiceItemOf(db, id);
    throw AppError.toast(m.notRetriable);
  }
  return invoiceItemOf(db, id);
}

/** The operators' list: invoices of every user, newest first, with what manual issuing needs. */
export async function listAllInvoices(
  db: Database,
  status: InvoiceStatus | undefined,
  pageNo: number,
  pageSize: number,
) {
  const { rows, total } = await selectInvoices(db, status, (pageNo - 1) * pageSize, pageSize);
  const items = await withOrderIds(db, rows);
  return {
    list: rows.map((row, index) => ({
      ...items[index]!,
      user_id: row.userId,
      address: row.address,
      phone: row.phone,
      bank_name: row.bankName,
      bank_account: row.bankAccount,
      email: row.email,
      red_invoice_no: row.redInvoiceNo,
      red_reason: row.redReason,
      reddened_time: unixSeconds(row.reddenedAt),
    })),
    total,
  };
}

import { Code, type InvoiceItem } from '@dso/contract';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { invoiceMessages as m, withOrderIds } from './invoice-items';
import { findInvoice, findInvoiceFiles, findUserInvoiceByOrder, selectUserInvoices } from './invoices.repository';

/** `invoice/list`: the caller's invoices, newest first. */
export async function listInvoices(db: Database, userId: number, pageNo: number, pageSize: number) {
  const { rows, total } = await selectUserInvoices(db, userId, (pageNo - 1) * pageSize, pageSize);
  return { list: await withOrderIds(db, rows), total };
}

/** The caller's invoice, or 发票不存在 (another user's invoice is not found either). */
async function ownInvoice(db: Database, userId: number, id: string) {
  const invoice = await findInvoice(db, id);
  if (!invoice || invoice.userId !== userId) throw new AppError(Code.NOT_FOUND, m.notFound);
  return invoice;
}

/** `invoice/get`. */
export async function getInvoice(db: Database, userId: number, id: string): Promise<InvoiceItem> {
  const [item] = await withOrderIds(db, [await ownInvoice(db, userId, id)]);
  return item!;
}

/** `invoice/get_by_order`: the caller's invoice (not reddened) covering the order, or null. */
export async function getInvoiceByOrder(db: Database, userId: number, orderId: string): Promise<InvoiceItem | null> {
  const invoice = await findUserInvoiceByOrder(db, userId, orderId);
  if (!invoice) return null;
  const [item] = await withOrderIds(db, [invoice]);
  return item!;
}

/**
 * An invoice's file: the blue invoice once issued (also after it was reddened), or with `red` the red-letter
 * invoice once reddened. `userId` null is an operator, who may read any invoice.
 */
export async function invoicePdf(db: Database, userId: number | null, id: string, red: boolean) {
  const invoice = await findInvoiceFiles(db, id);
  if (!invoice || (userId !== null && invoice.userId !== userId)) throw new AppError(Code.NOT_FOUND, m.notFound);
  if (red) {
    if (invoice.status !== 'reddened' || !invoice.redPdf) throw new AppError(Code.NOT_FOUND, m.notReddened);
    return { fileName: `invoice-${invoice.redInvoiceNo ?? invoice.id}.pdf`, pdf: Buffer.from(invoice.redPdf) };
  }
  if ((invoice.status !== 'issued' && invoice.status !== 'reddened') || !invoice.pdf) {
    throw new AppError(Code.NOT_FOUND, m.notIssued);
  }
  return { fileName: `invoice-${invoice.invoiceNo ?? invoice.id}.pdf`, pdf: Buffer.from(invoice.pdf) };
}

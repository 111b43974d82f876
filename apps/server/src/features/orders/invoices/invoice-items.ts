import { Code, type InvoiceItem, type InvoiceStatus } from '@dso/contract';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { unixSeconds } from '../../../lib/unix-seconds';
import type { InvoiceProvider } from '../../../providers/invoice/index';
import { findInvoice, type InvoiceSummary, selectInvoiceOrderIds } from './invoices.repository';

/*
 * Invoices for paid orders (/setting?type=first): requested by the buyer as 待开具 (pending), issued by a
 * job through the invoice provider (已开具), cancelled by an operator's 红冲 (已红冲), which frees the
 * orders for a new request. With INVOICE_PROVIDER=manual the finance team issues them by hand and
 * uploads the PDF. docs/orders.md, Invoices.
 *
 * This module holds what every invoice call shares: its words, its context and the invoice on the wire.
 * The calls: `request-invoice.service.ts` (the buyer applies), `issue-invoice.service.ts` (the job issues),
 * `read-invoices.service.ts` (the buyer reads), `invoices-admin.service.ts` (operators), and the title
 * rules in `invoice-title.ts`.
 */

/** The user-facing words of this part, written once. */
export const invoiceMessages = {
  taxNo: '请输入正确的统一社会信用代码',
  specialCompanyOnly: '增值税专用发票只能开给单位',
  address: '请填写注册地址',
  phone: '请填写注册电话',
  bankName: '请填写开户行',
  bankAccount: '请填写银行账号',
  email: '请输入正确的邮箱地址',
  orderNotPaid: (orderId: string) => `订单${orderId}未支付，不能开票`,
  orderFree: (orderId: string) => `订单${orderId}实付金额为0，无需开票`,
  orderInvoiced: (orderId: string) => `订单${orderId}已申请过发票`,
  notFound: '发票不存在',
  notIssued: '发票尚未开具',
  notReddened: '发票尚未红冲',
  issueFailed: '开票失败，请联系客服',
  alreadyIssued: '该发票已开具',
  reddenIssuedOnly: '只有已开具的发票可以红冲',
  reasonRequired: '请填写红冲原因',
  manualMode: '当前为手工开票，请上传发票文件',
  notRetriable: '只有待开具或开票失败的发票可以重新开具',
} as const;

/** What the invoice calls need besides their input. */
export interface InvoiceContext {
  db: Database;
  /** Null when the finance team issues invoices by hand (INVOICE_PROVIDER=manual). */
  provider: InvoiceProvider | null;
  log: {
    info(data: Record<string, unknown>, message: string): void;
    warn(data: Record<string, unknown>, message: string): void;
  };
}

/** An invoice on the wire. */
export function toInvoiceItem(invoice: InvoiceSummary, orderIds: string[]): InvoiceItem {
  return {
    id: invoice.id,
    kind: invoice.kind as InvoiceItem['kind'],
    title_type: invoice.titleType as InvoiceItem['title_type'],
    title: invoice.title,
    tax_no: invoice.taxNo,
    amount: invoice.amountFen,
    status: invoice.status as InvoiceStatus,
    invoice_no: invoice.invoiceNo,
    order_ids: orderIds,
    create_time: unixSeconds(invoice.createdAt) as number,
    issue_time: unixSeconds(invoice.issuedAt),
    failure: invoice.failure,
  };
}

/** The invoices on the wire, each with the ids of the orders it covers. */
export async function withOrderIds(db: Database, rows: InvoiceSummary[]) {
  const orderIds = await selectInvoiceOrderIds(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toInvoiceItem(row, orderIds.get(row.id) ?? []));
}

/** An invoice on the wire by id, or 发票不存在. */
export async function invoiceItemOf(db: Database, id: string) {
  const invoice = await findInvoice(db, id);
  if (!invoice) throw new AppError(Code.NOT_FOUND, invoiceMessages.notFound);
  const [item] = await withOrderIds(db, [invoice]);
  return item!;
}

import {
  Code,
  type InvoiceItem,
  type InvoiceStatus,
  type InvoiceTitle,
  type OrderItem,
  orderMessages,
} from '@dso/contract';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { type InvoiceProvider, type InvoiceRequest, InvoiceRequestError } from '../../../providers/invoice/index';
import { InvoiceFontMissingError } from '../../../providers/invoice/invoice-font';
import { enqueueJob } from '../../jobs/jobs.repository';
import { PermanentJobError } from '../../jobs/jobs.worker';
import { toOrderItems } from '../list/order-list.service';
import { newOrderId } from '../order-ids';
import { orderTitle } from '../payments/payments.service';
import {
  findInvoice,
  findInvoiceFiles,
  findInvoiceTitle,
  findUserInvoiceByOrder,
  type InvoiceSummary,
  insertInvoice,
  lockUserInvoices,
  saveInvoiceTitle,
  selectCoveredOrders,
  selectInvoiceableOrders,
  selectInvoiceOrderIds,
  selectInvoices,
  selectUserInvoices,
  selectUserOrdersForInvoice,
  updateInvoiceFrom,
} from './invoices.repository';

/*
 * Invoices for paid orders (/setting?type=first): requested by the buyer as 待开具 (pending), issued by a
 * job through the invoice provider (已开具), cancelled by an operator's 红冲 (已红冲), which frees the
 * orders for a new request. With INVOICE_PROVIDER=manual the finance team issues them by hand and
 * uploads the PDF. docs/orders.md, Invoices.
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
const m = invoiceMessages;

/** The issuing job (`issue-invoice.job.ts`). */
export const INVOICE_ISSUE_JOB = 'invoices.issue';

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

/** 统一社会信用代码 (GB 32100): registration authority and kind, 6-digit region, 9-character organisation code, check character. */
const TAX_NO = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A title as stored on the invoice and as the saved title: absent fields are null. */
export interface NormalisedTitle {
  kind: 'normal' | 'special';
  titleType: 'personal' | 'company';
  title: string;
  taxNo: string | null;
  address: string | null;
  phone: string | null;
  bankName: string | null;
  bankAccount: string | null;
  email: string | null;
}

const filled = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/**
 * The title rules beyond the field limits the contract checks:
 * 1. a personal title is a 普通发票 only and carries no tax fields (any sent are dropped);
 * 2. a company title needs an 18-character 统一社会信用代码 (letters taken as capitals);
 * 3. a 专票 needs the company's address, phone, bank and account, asked for in that order;
 * 4. an email, when given, must look like one.
 */
export function normaliseInvoiceTitle(input: InvoiceTitle): NormalisedTitle {
  const email = filled(input.email);
  if (email && !EMAIL.test(email)) throw AppError.badRequest(m.email);
  const title = input.title.trim();
  if (input.title_type === 'personal') {
    if (input.kind === 'special') throw AppError.badRequest(m.specialCompanyOnly);
    return {
      kind: 'normal',
      titleType: 'personal',
      title,
      taxNo: null,
      address: null,
      phone: null,
      bankName: null,
      bankAccount: null,
      email,
    };
  }
  const taxNo = (input.tax_no ?? '').trim().toUpperCase();
  if (!TAX_NO.test(taxNo)) throw AppError.badRequest(m.taxNo);
  const company = {
    address: filled(input.address),
    phone: filled(input.phone),
    bankName: filled(input.bank_name),
    bankAccount: filled(input.bank_account),
  };
  if (input.kind === 'special') {
    for (const field of ['address', 'phone', 'bankName', 'bankAccount'] as const) {
      if (!company[field]) throw AppError.badRequest(m[field]);
    }
  }
  return { kind: input.kind, titleType: 'company', title, taxNo, ...company, email };
}

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

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
    create_time: seconds(invoice.createdAt) as number,
    issue_time: seconds(invoice.issuedAt),
    failure: invoice.failure,
  };
}

async function withOrderIds(db: Database, rows: InvoiceSummary[]) {
  const orderIds = await selectInvoiceOrderIds(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toInvoiceItem(row, orderIds.get(row.id) ?? []));
}

/** `invoice/wait_push_order_list`: the caller's paid orders with money paid that no invoice covers. */
export async function listInvoiceableOrders(db: Database, userId: number): Promise<OrderItem[]> {
  return toOrderItems(db, await selectInvoiceableOrders(db, userId));
}

/** `invoice/title`: the title saved by the caller's last request, or null. */
export async function getSavedTitle(db: Database, userId: number): Promise<InvoiceTitle | null> {
  const row = await findInvoiceTitle(db, userId);
  if (!row) return null;
  const optional = (key: keyof InvoiceTitle, value: string | null) => (value === null ? {} : { [key]: value });
  return {
    kind: row.kind as InvoiceTitle['kind'],
    title_type: row.titleType as InvoiceTitle['title_type'],
    title: row.title,
    ...optional('tax_no', row.taxNo),
    ...optional('address', row.address),
    ...optional('phone', row.phone),
    ...optional('bank_name', row.bankName),
    ...optional('bank_account', row.bankAccount),
    ...optional('email', row.email),
  };
}

/** A new invoice id: shaped like an order id (time-sortable, not guessable, [0-9A-Z]) with F (发票) in front. */
function newInvoiceId(now: Date) {
  return `F${newOrderId('membership', now).slice(1)}`;
}

/** The red-letter invoice's own id, derived so a repeated 红冲 asks the provider for the same red invoice. */
const redInvoiceId = (invoiceId: string) => `R${invoiceId.slice(1)}`;

/** Queues the issuing of an invoice (once: a second call while one waits adds nothing). */
export async function queueIssuing(db: Database, invoiceId: string) {
  await enqueueJob(db, {
    kind: INVOICE_ISSUE_JOB,
    payload: { invoiceId },
    singletonKey: invoiceId,
    maxAttempts: 6,
  });
}

/**
 * `invoice/insert`: one invoice for one or several of the caller's orders.
 * 1. The title follows {@link normaliseInvoiceTitle}.
 * 2. Under the caller's advisory lock (so concurrent requests take turns and one order is never
 *    invoiced twice), every order must be the caller's, paid, with money paid, and covered by no invoice
 *    that is not reddened.
 * 3. The invoice is recorded pending for the sum paid, the title saved for next time, and — unless
 *    invoices are issued by hand — its issuing job queued, all in the same transaction.
 */
export async function requestInvoice(
  context: Pick<InvoiceContext, 'db' | 'provider'>,
  userId: number,
  body: InvoiceTitle & { order_ids: string[] },
  now = new Date(),
): Promise<InvoiceItem> {
  const title = normaliseInvoiceTitle(body);
  const orderIds = [...new Set(body.order_ids)];
  const invoice = await context.db.transaction(async (tx) => {
    await lockUserInvoices(tx, userId);
    const found = new Map((await selectUserOrdersForInvoice(tx, userId, orderIds)).map((row) => [row.id, row]));
    let amountFen = 0;
    for (const orderId of orderIds) {
      const order = found.get(orderId);
      if (!order) throw AppError.toast(orderMessages.orderNotFound);
      if (order.status !== 'paid') throw AppError.toast(m.orderNotPaid(orderId));
      if (order.payMoneyFen <= 0) throw AppError.toast(m.orderFree(orderId));
      if (order.covered) throw AppError.toast(m.orderInvoiced(orderId));
      amountFen += order.payMoneyFen;
    }
    const row = await insertInvoice(
      tx,
      { id: newInvoiceId(now), userId, ...title, amountFen, status: 'pending', createdAt: now },
      orderIds,
    );
    await saveInvoiceTitle(tx, { userId, ...title });
    if (context.provider) await queueIssuing(tx, row.id);
    return row;
  });
  return toInvoiceItem(invoice, [...orderIds].sort());
}

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

/** The request an invoice was (or is to be) issued from: one line per order, as paid. */
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
const isPermanent = (error: unknown): error is InvoiceRequestError | InvoiceFontMissingError =>
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

async function invoiceItemOf(db: Database, id: string) {
  const invoice = await findInvoice(db, id);
  if (!invoice) throw new AppError(Code.NOT_FOUND, m.notFound);
  const [item] = await withOrderIds(db, [invoice]);
  return item!;
}

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
      reddened_time: seconds(row.reddenedAt),
    })),
    total,
  };
}

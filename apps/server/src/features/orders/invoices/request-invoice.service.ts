import { type InvoiceItem, type InvoiceTitle, type OrderItem, orderMessages } from '@dso/contract';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { toOrderItems } from '../list/order-list.service';
import { newOrderId } from '../order-ids';
import { type InvoiceContext, invoiceMessages as m, toInvoiceItem } from './invoice-items';
import { normaliseInvoiceTitle } from './invoice-title';
import {
  insertInvoice,
  lockUserInvoices,
  saveInvoiceTitle,
  selectInvoiceableOrders,
  selectUserOrdersForInvoice,
} from './invoices.repository';
import { queueIssuing } from './issue-invoice.service';

/** `invoice/wait_push_order_list`: the caller's paid orders with money paid that no invoice covers. */
export async function listInvoiceableOrders(db: Database, userId: number): Promise<OrderItem[]> {
  return toOrderItems(db, await selectInvoiceableOrders(db, userId));
}

/** A new invoice id: shaped like an order id (time-sortable, not guessable, [0-9A-Z]) with F (发票) in front. */
function newInvoiceId(now: Date) {
  return `F${newOrderId('membership', now).slice(1)}`;
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

import { and, desc, eq, inArray, isNotNull, ne, or } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { invoiceOrders, invoices, orders } from '../../../db/schema';
import { selectPage } from '../../../lib/select-page';

/**
 * Orders someone tried to pay: paid ones and those a QR was asked for. An order nobody tried to pay
 * (every opening of the pay box previews one) is left out of every list.
 */
export const triedToPay = or(inArray(orders.status, ['paid', 'refund_due']), isNotNull(orders.channel));

/** A user's orders, newest first, one page (those tried to pay). */
export function selectUserOrders(db: Database, userId: number, offset: number, limit: number) {
  return selectPage(db, orders, {
    where: and(eq(orders.userId, userId), triedToPay),
    orderBy: [desc(orders.createdAt)],
    offset,
    limit,
  });
}

/** The invoice (not reddened) covering each of the orders, if any. */
export async function selectActiveInvoices(db: Database, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({ orderId: invoiceOrders.orderId, invoiceId: invoices.id, status: invoices.status })
    .from(invoiceOrders)
    .innerJoin(invoices, eq(invoices.id, invoiceOrders.invoiceId))
    .where(and(inArray(invoiceOrders.orderId, orderIds), ne(invoices.status, 'reddened')));
}

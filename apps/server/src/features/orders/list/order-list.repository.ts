import { and, count, desc, eq, inArray, isNotNull, ne, or } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { invoiceOrders, invoices, orders } from '../../../db/schema';

/**
 * Orders someone tried to pay: paid ones and those a QR was asked for. An order nobody tried to pay
 * (every opening of the pay box previews one) is left out of every list.
 */
export const triedToPay = or(inArray(orders.status, ['paid', 'refund_due']), isNotNull(orders.channel));

/** A user's orders, newest first, one page (those tried to pay). */
export async function selectUserOrders(db: Database, userId: number, offset: number, limit: number) {
  const listed = and(eq(orders.userId, userId), triedToPay);
  const [rows, [total]] = await Promise.all([
    db.select().from(orders).where(listed).orderBy(desc(orders.createdAt)).offset(offset).limit(limit),
    db.select({ value: count() }).from(orders).where(listed),
  ]);
  return { rows, total: total?.value ?? 0 };
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

import { and, desc, eq, inArray, lt, min, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { orders, paymentEvents, type RefundStatus, refunds } from '../../../db/schema';
import { findRowByKey, lockRowByKey } from '../../../lib/row-by-key';

/*
 * The refunds table, and the payments kept for refund it answers (payment_events with outcome
 * `refund_due`). Only the refunds service of the orders feature calls these.
 */

export type RefundRow = typeof refunds.$inferSelect;
export type NewRefund = typeof refunds.$inferInsert;

/** How many payments kept for refund the console's list shows at most, newest first. */
export const REFUND_LIST_LIMIT = 500;

/**
 * Payments kept for refund: one row per order and vendor trade however often the vendor repeated its
 * notice, named by its first `refund_due` event (the payment id the console acts on), with the order's
 * state now, when the money was first reported, and the refund made of it, if any.
 */
export async function selectRefundsDue(db: Database) {
  const due = db
    .select({
      paymentId: min(paymentEvents.id).as('payment_id'),
      orderId: paymentEvents.orderId,
      provider: paymentEvents.provider,
      vendorTradeNo: paymentEvents.vendorTradeNo,
      amountFen: paymentEvents.amountFen,
      firstAt: min(paymentEvents.createdAt).as('first_at'),
    })
    .from(paymentEvents)
    .where(eq(paymentEvents.outcome, 'refund_due'))
    .groupBy(paymentEvents.orderId, paymentEvents.provider, paymentEvents.vendorTradeNo, paymentEvents.amountFen)
    .as('due');
  return db
    .select({
      paymentId: sql<number>`${due.paymentId}`.mapWith(Number),
      orderId: orders.id,
      userId: orders.userId,
      orderStatus: orders.status,
      orderChannel: orders.channel,
      provider: due.provider,
      vendorTradeNo: due.vendorTradeNo,
      amountFen: due.amountFen,
      firstAt: sql<Date>`${due.firstAt}`.mapWith((value: string | Date) => new Date(value)),
      refund: refunds,
    })
    .from(due)
    .innerJoin(orders, eq(orders.id, due.orderId))
    .leftJoin(refunds, eq(refunds.paymentEventId, due.paymentId))
    .orderBy(desc(due.firstAt), desc(due.paymentId))
    .limit(REFUND_LIST_LIMIT);
}

/**
 * The payment kept for refund that `paymentId` names, as its first `refund_due` event (a repeated
 * notice of the same trade names the same payment); undefined when it is not one.
 */
export async function findRefundDuePayment(db: Database, paymentId: number) {
  const named = await findRowByKey(db, paymentEvents, paymentEvents.id, paymentId);
  if (named?.outcome !== 'refund_due' || !named.orderId) return undefined;
  const [first] = await db
    .select()
    .from(paymentEvents)
    .where(
      and(
        eq(paymentEvents.outcome, 'refund_due'),
        eq(paymentEvents.orderId, named.orderId),
        eq(paymentEvents.provider, named.provider),
        named.vendorTradeNo === null
          ? sql`${paymentEvents.vendorTradeNo} is null`
          : eq(paymentEvents.vendorTradeNo, named.vendorTradeNo),
      ),
    )
    .orderBy(paymentEvents.id)
    .limit(1);
  return first;
}

/** Inserts a refund; undefined when the payment (or its trade) has one already. */
export async function insertRefund(db: Database, values: NewRefund): Promise<RefundRow | undefined> {
  const [row] = await db.insert(refunds).values(values).onConflictDoNothing().returning();
  return row;
}

export function findRefundOfPayment(db: Database, paymentEventId: number) {
  return findRowByKey(db, refunds, refunds.paymentEventId, paymentEventId);
}

/** The payment's refund, locked for the rest of the transaction: its changes apply one at a time. */
export function lockRefundOfPayment(tx: Database, paymentEventId: number) {
  return lockRowByKey(tx, refunds, refunds.paymentEventId, paymentEventId);
}

export function lockRefundById(tx: Database, id: number) {
  return lockRowByKey(tx, refunds, refunds.id, id);
}

export function lockRefundByOutRefundNo(tx: Database, outRefundNo: string) {
  return lockRowByKey(tx, refunds, refunds.outRefundNo, outRefundNo);
}

export async function updateRefund(db: Database, id: number, values: Partial<NewRefund>): Promise<RefundRow> {
  const [row] = await db.update(refunds).set(values).where(eq(refunds.id, id)).returning();
  if (!row) throw new Error(`Refund ${id} vanished`);
  return row;
}

/** Refunds in a state, last asked before `before`, oldest first (the maintenance job settles them). */
export async function selectRefundsIn(db: Database, statuses: RefundStatus[], before: Date, limit: number) {
  return db
    .select()
    .from(refunds)
    .where(and(inArray(refunds.status, statuses), lt(refunds.requestedAt, before)))
    .orderBy(refunds.requestedAt)
    .limit(limit);
}

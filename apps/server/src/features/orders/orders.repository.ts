import { and, desc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders, paymentEvents } from '../../db/schema';
import { findRowByKey, lockRowByKey } from '../../lib/row-by-key';

/*
 * The orders table and its audit trail. Every part of the feature (preview, payments, packs, lists)
 * reads and writes orders through these functions.
 */

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

export function findOrder(db: Database, id: string) {
  return findRowByKey(db, orders, orders.id, id);
}

/** Locks an order row for the rest of the transaction: notifications of one order apply one at a time. */
export function lockOrder(tx: Database, id: string) {
  return lockRowByKey(tx, orders, orders.id, id);
}

export async function findOrderByRandTag(db: Database, userId: number, randTag: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.randTag, randTag)))
    .limit(1);
  return row;
}

/** Inserts an order; a concurrent insert of the same (user, rand_tag) yields the existing row instead. */
export async function insertOrder(db: Database, values: NewOrder): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).onConflictDoNothing().returning();
  if (row) return row;
  const existing = values.randTag ? await findOrderByRandTag(db, values.userId, values.randTag) : undefined;
  if (!existing) throw new Error(`Order ${values.id} could not be created`);
  return existing;
}

export async function updateOrder(db: Database, id: string, values: Partial<NewOrder>) {
  await db.update(orders).set(values).where(eq(orders.id, id));
}

/** Whether the user has ever paid an order (a new user gets `new_user_price`). */
export async function hasPaidOrder(db: Database, userId: number) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    // Paid and granted: money kept for refund (paid_at set on a refund_due order) bought nothing.
    .where(and(eq(orders.userId, userId), eq(orders.status, 'paid')))
    .limit(1);
  return Boolean(row);
}

/** Pending orders past their QR validity (to close), oldest first. */
export async function selectExpiredPending(db: Database, now: Date, limit: number) {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'pending'), lt(orders.expiresAt, now)))
    .orderBy(orders.expiresAt)
    .limit(limit);
}

/** The latest paid orders (the order roll). */
export async function selectRecentPaid(db: Database, limit: number) {
  return db
    .select({ userId: orders.userId, grade: orders.grade, kind: orders.kind })
    .from(orders)
    .where(eq(orders.status, 'paid'))
    .orderBy(desc(orders.paidAt))
    .limit(limit);
}

export async function insertPaymentEvent(db: Database, values: typeof paymentEvents.$inferInsert) {
  await db.insert(paymentEvents).values(values);
}

import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { coupons, userCoupons } from '../../../db/schema';

export type CouponRow = typeof coupons.$inferSelect;

/** A user's unused coupons whose window includes `now`, ending soonest first. */
export async function selectHeldCoupons(db: Database, userId: number, now: Date) {
  return db
    .select({
      userCouponId: userCoupons.id,
      couponId: coupons.id,
      name: coupons.name,
      discountFen: coupons.discountFen,
      lowMoneyFen: coupons.lowMoneyFen,
      grades: coupons.grades,
      startsAt: coupons.startsAt,
      endsAt: coupons.endsAt,
    })
    .from(userCoupons)
    .innerJoin(coupons, eq(coupons.id, userCoupons.couponId))
    .where(
      and(
        eq(userCoupons.userId, userId),
        isNull(userCoupons.usedAt),
        lte(coupons.startsAt, now),
        gt(coupons.endsAt, now),
      ),
    )
    .orderBy(asc(coupons.endsAt), asc(userCoupons.id));
}

/**
 * Marks a held coupon used by an order in one statement: when it is unused, or already used by this
 * same order (a retried payment). Of two orders claiming one coupon, the second waits on the row lock
 * and then finds it used by the other, so it gets no row back.
 */
export async function claimCoupon(db: Database, userCouponId: number, orderId: string, now: Date) {
  const rows = await db
    .update(userCoupons)
    .set({ usedOrderId: orderId, usedAt: sql`coalesce(${userCoupons.usedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(userCoupons.id, userCouponId), or(isNull(userCoupons.usedAt), eq(userCoupons.usedOrderId, orderId))))
    .returning({ id: userCoupons.id });
  return rows.length > 0;
}

/** The order a held coupon was spent by, or null while unused (undefined: no such coupon). */
export async function findCouponSpender(db: Database, userCouponId: number): Promise<string | null | undefined> {
  const [row] = await db
    .select({ usedOrderId: userCoupons.usedOrderId })
    .from(userCoupons)
    .where(eq(userCoupons.id, userCouponId))
    .limit(1);
  return row ? row.usedOrderId : undefined;
}

export async function insertCoupon(db: Database, values: typeof coupons.$inferInsert) {
  const [row] = await db.insert(coupons).values(values).returning();
  return row!;
}

export async function findCouponById(db: Database, id: number): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  return row;
}

/** Every coupon kind, newest first, with how many are held and used. */
export async function selectCouponsWithCounts(db: Database) {
  return db
    .select({
      coupon: coupons,
      held: sql<number>`count(${userCoupons.id})::int`,
      used: sql<number>`count(${userCoupons.usedAt})::int`,
    })
    .from(coupons)
    .leftJoin(userCoupons, eq(userCoupons.couponId, coupons.id))
    .groupBy(coupons.id)
    .orderBy(desc(coupons.id));
}

export async function insertUserCoupon(db: Database, couponId: number, userId: number) {
  const [row] = await db.insert(userCoupons).values({ couponId, userId }).returning({ id: userCoupons.id });
  return row!.id;
}

import type { Coupon } from '@dso/contract';
import { couponApplies } from '@dso/domain';
import type { Database } from '../../../db/client';
import * as repository from './coupons.repository';

/** A coupon a user holds (001 §3: id, name, discount, low_money, window), amounts in fen. */
export interface HeldCoupon {
  userCouponId: number;
  couponId: number;
  name: string;
  discountFen: number;
  lowMoneyFen: number;
  grades: string[];
  startsAt: Date;
  endsAt: Date;
}

/** A user's unused coupons whose window includes `now`, ending soonest first. */
export function listUsableCoupons(db: Database, userId: number, now: Date): Promise<HeldCoupon[]> {
  return repository.selectHeldCoupons(db, userId, now);
}

/** The held coupon worth most on an order of `amountFen` for `grade`; ties go to the one ending first. */
export async function findBestCoupon(
  db: Database,
  options: { userId: number; grade: string; amountFen: number; now: Date },
): Promise<HeldCoupon | null> {
  const usable = (await listUsableCoupons(db, options.userId, options.now)).filter((coupon) =>
    couponApplies(coupon, options.amountFen, options.grade, options.now),
  );
  usable.sort((a, b) => b.discountFen - a.discountFen || a.endsAt.getTime() - b.endsAt.getTime());
  return usable[0] ?? null;
}

/** That exact held coupon, if it can pay towards the order. */
export async function findUsableCoupon(
  db: Database,
  options: { userId: number; userCouponId: number; grade: string; amountFen: number; now: Date },
): Promise<HeldCoupon | null> {
  const held = (await listUsableCoupons(db, options.userId, options.now)).find(
    (coupon) => coupon.userCouponId === options.userCouponId,
  );
  return held && couponApplies(held, options.amountFen, options.grade, options.now) ? held : null;
}

/**
 * Uses a coupon for an order once: true when it is now this order's (also when this order already
 * used it, a retried payment), false when another order used it.
 */
export function markCouponUsed(
  tx: Database,
  options: { userCouponId: number; orderId: string; now: Date },
): Promise<boolean> {
  return repository.claimCoupon(tx, options.userCouponId, options.orderId, options.now);
}

/**
 * Whether another order has spent the coupon an order counted: two pending orders (two tabs, a plan
 * changed) may count one held coupon, and once one is paid the other's price no longer holds.
 */
export async function isCouponSpentElsewhere(db: Database, userCouponId: number, orderId: string) {
  const spender = await repository.findCouponSpender(db, userCouponId);
  return spender != null && spender !== orderId;
}

/** A coupon kind as operators define it: `discountFen` off an order of at least `lowMoneyFen`. */
export interface NewCoupon {
  name: string;
  discountFen: number;
  lowMoneyFen: number;
  /** Grades whose plans it applies to; empty or absent for every plan. */
  grades?: string[];
  startsAt: Date;
  endsAt: Date;
}

export type CouponRow = repository.CouponRow;

export function createCoupon(db: Database, values: NewCoupon): Promise<CouponRow> {
  return repository.insertCoupon(db, { ...values, grades: values.grades ?? [] });
}

export function findCoupon(db: Database, couponId: number): Promise<CouponRow | undefined> {
  return repository.findCouponById(db, couponId);
}

/** Every coupon kind, newest first, with how many users hold one and how many were used. */
export function listCoupons(db: Database): Promise<{ coupon: CouponRow; held: number; used: number }[]> {
  return repository.selectCouponsWithCounts(db);
}

/** Gives a user one coupon of a kind; answers the held coupon's id (what the client calls the coupon id). */
export function grantCoupon(db: Database, options: { couponId: number; userId: number }): Promise<number> {
  return repository.insertUserCoupon(db, options.couponId, options.userId);
}

/** A held coupon as the client reads it (id = the held coupon's id). */
export function couponItem(coupon: HeldCoupon): Coupon {
  return {
    id: coupon.userCouponId,
    name: coupon.name,
    discount: coupon.discountFen,
    low_money: coupon.lowMoneyFen,
    start_time: Math.floor(coupon.startsAt.getTime() / 1000),
    end_time: Math.floor(coupon.endsAt.getTime() / 1000),
  };
}

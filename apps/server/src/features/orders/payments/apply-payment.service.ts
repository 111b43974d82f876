import { CYCLE_PERIOD_DAYS, normalizeGrade } from '@dso/domain';
import type { Database } from '../../../db/client';
import { addUsagePack, SUB_ACCOUNT_COUNT } from '../../permissions';
import { markCouponUsed } from '../coupons/coupons.service';
import { grantMembership } from '../membership/membership.service';
import { insertPaymentEvent, lockOrder, type OrderRow, updateOrder } from '../orders.repository';
import { findPackageById } from '../packs/packs.repository';
import { findPlanById } from '../plans/plans.repository';

/** A payment as a vendor reported it (a notification, a query or a recurring charge). */
export interface ReportedPayment {
  orderId: string;
  amountFen: number;
  vendorTradeNo: string;
  paidAt: Date;
  provider: string;
  /** notify, query, charge or free (a 0-fen order). */
  source: string;
}

/** What applying a payment did. */
export type ApplyOutcome =
  /** The order is now paid and its rights granted. */
  | 'applied'
  /** Already paid by this trade: nothing changed. */
  | 'duplicate'
  /** Paid twice (another trade), or after the order was closed: recorded for refund, nothing granted. */
  | 'refund_due'
  /** The amount differs from what the order asks: refused, nothing changed. */
  | 'amount_mismatch'
  /** No such order. */
  | 'unknown_order';

/**
 * Applies one reported payment, once, under the order's row lock (001 §4 step 4):
 * 1. the amount must equal the order's pay_money, else it is refused and logged;
 * 2. a paid order with the same trade is a duplicate; with another trade it was paid twice;
 * 3. a closed or cancelled order keeps the money as refund_due (never lost, never granted);
 * 4. a pending order grants its membership (extending the same grade or converting the rest),
 *    count pack or seats, uses its coupon, and becomes paid — all in the one transaction.
 * Every outcome is written to payment_events.
 */
export async function applyPayment(db: Database, payment: ReportedPayment, now = new Date()): Promise<ApplyOutcome> {
  // db.transaction re-runs on serialisation failures and deadlocks (db/client.ts).
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, payment.orderId);
    const outcome = await decide(tx, order, payment, now);
    await insertPaymentEvent(tx, {
      orderId: order ? order.id : payment.orderId.slice(0, 64),
      provider: payment.provider,
      source: payment.source,
      outcome,
      amountFen: payment.amountFen,
      vendorTradeNo: payment.vendorTradeNo,
      detail: order && outcome === 'amount_mismatch' ? `expected ${order.payMoneyFen}` : '',
    });
    return outcome;
  });
}

async function decide(tx: Database, order: OrderRow | undefined, payment: ReportedPayment, now: Date) {
  if (!order) return 'unknown_order' as const;
  if (payment.amountFen !== order.payMoneyFen) return 'amount_mismatch' as const;
  if (order.status === 'paid') {
    return order.vendorTradeNo === payment.vendorTradeNo ? ('duplicate' as const) : ('refund_due' as const);
  }
  // Money already kept for refund: the same trade again is a duplicate, another trade is more money
  // to give back (the payer paid both channels' QR after the order closed).
  if (order.status === 'refund_due') {
    return order.vendorTradeNo === payment.vendorTradeNo ? ('duplicate' as const) : ('refund_due' as const);
  }
  if (order.status !== 'pending') {
    await updateOrder(tx, order.id, {
      status: 'refund_due',
      vendorTradeNo: payment.vendorTradeNo,
      paidAt: payment.paidAt,
    });
    return 'refund_due' as const;
  }
  const granted = await grantRights(tx, order, now);
  await updateOrder(tx, order.id, {
    status: 'paid',
    vendorTradeNo: payment.vendorTradeNo,
    paidAt: payment.paidAt,
    provider: payment.provider,
    grantStartsAt: granted?.startsAt ?? null,
    grantEndsAt: granted?.endsAt ?? null,
  });
  return 'applied' as const;
}

/** The rights an order buys: a membership period (and seats), or a count pack. */
async function grantRights(tx: Database, order: OrderRow, now: Date) {
  if (order.userCouponId) {
    await markCouponUsed(tx, { userCouponId: order.userCouponId, orderId: order.id, now });
  }
  if (order.kind === 'pack') {
    const pack = order.packageId ? await findPackageById(tx, order.packageId) : undefined;
    if (!pack) throw new Error(`Order ${order.id} names no count pack`);
    await addUsagePack(tx, {
      userId: order.userId,
      alias: pack.alias,
      amount: pack.frequency,
      sourceRef: `order:${order.id}`,
      now,
    });
    return null;
  }
  const period = await grantMembership(tx, {
    userId: order.userId,
    grade: normalizeGrade(order.grade),
    days: order.day ?? CYCLE_PERIOD_DAYS,
    // The new period is worth what went into it: the money and the converted rest.
    valueFen: order.payMoneyFen + order.disPriceFen,
    source: `order:${order.id}`,
    now,
  });
  await grantSeats(tx, order, period.endsAt, now);
  return period;
}

/** A team-size option's members beyond the plan's included ones, as seats that end with the membership. */
async function grantSeats(tx: Database, order: OrderRow, endsAt: Date, now: Date) {
  if (!order.teamCount || !order.planId) return;
  const plan = await findPlanById(tx, order.planId);
  const included = Math.min(...(plan?.teamOptions ?? []).map((option) => option.count));
  const extra = order.teamCount - (Number.isFinite(included) ? included : order.teamCount);
  if (extra <= 0) return;
  await addUsagePack(tx, {
    userId: order.userId,
    alias: SUB_ACCOUNT_COUNT,
    amount: extra,
    sourceRef: `order:${order.id}:seats`,
    now,
    expiresAt: endsAt,
  });
}

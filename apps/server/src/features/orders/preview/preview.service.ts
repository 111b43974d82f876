import { type OrderInfo, orderMessages, type previewOrderBodySchema } from '@dso/contract';
import {
  CYCLE_PERIOD_DAYS,
  effectivePriceFen,
  firstPeriodLabel,
  type Grade,
  grantPeriod,
  PAY_QR_SECONDS,
  payableFen,
  planMonths,
  purchaseBlockMessage,
  shanghaiDay,
} from '@dso/domain';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { unixSeconds } from '../../../lib/unix-seconds';
import { assertCanPurchase } from '../../account';
import { findBestCoupon, findUsableCoupon, type HeldCoupon } from '../coupons/coupons.service';
import { newOrderId } from '../order-ids';
import { findOrderByRandTag, insertOrder, type OrderRow } from '../orders.repository';
import { cycleEndedByBuying } from '../payments/agreements.service';
import { findPlanFor } from '../plans/plans.repository';
import { deductionFor, loadBuyer } from './buyer.service';

export type PreviewBody = z.output<typeof previewOrderBodySchema>;

/** The order info of an order row (001 §3); `endsCycle` is the 连续包月 paying it would end. */
export function orderInfoOf(order: OrderRow, coupon: HeldCoupon | null, endsCycle: Grade | null): OrderInfo {
  const cycle = order.cycle;
  return {
    order_id: order.id,
    price: order.priceFen,
    cycle_price: order.cyclePriceFen,
    dis_price: order.disPriceFen,
    pay_money: order.payMoneyFen,
    save_money: order.saveMoneyFen,
    end_date: order.grantEndsAt ? shanghaiDay(order.grantEndsAt) : '',
    month: planMonths(order.day ?? CYCLE_PERIOD_DAYS),
    coupon: coupon
      ? {
          id: coupon.userCouponId,
          name: coupon.name,
          discount: order.couponFen,
          low_money: coupon.lowMoneyFen,
          start_time: unixSeconds(coupon.startsAt),
          end_time: unixSeconds(coupon.endsAt),
        }
      : null,
    expire_time: unixSeconds(order.expiresAt),
    first_label: cycle ? firstPeriodLabel(1) : null,
    ends_cycle: endsCycle,
  };
}

/**
 * `order/preview_order` (001 §4 step 1, §5): prices the chosen plan for the buyer and records it as a
 * pending order, payable for 900 s.
 * 1. Child accounts cannot buy; the tier restrictions refuse with their messages.
 * 2. The plan: the grade's continuous plan (`cycle`, WeChat refused) or its one-off plan of `day` days.
 * 3. price = the lowest running offer + the team option; dis_price = the rest of another running
 *    grade; a plan not above dis_price is refused.
 * 4. The coupon: the one asked for, none for 0, else the best that applies to price − dis_price.
 * 5. pay_money = price − dis_price − coupon, floored at 0; end_date extends the same grade or starts now.
 * 6. The same rand_tag answers the same pending order (a retried request creates nothing new).
 * 7. A running 连续包月 of the grade it replaces is named (`ends_cycle`): paying ends it.
 */
export async function previewOrder(db: Database, userId: number, body: PreviewBody, now: Date) {
  await assertCanPurchase(db, userId);
  const buyer = await loadBuyer(db, userId, now);
  const blocked = purchaseBlockMessage(buyer.grade, body.grade_enum);
  if (blocked) throw AppError.toast(blocked);
  if (body.cycle && body.pe === 'WxPay') throw AppError.toast(orderMessages.cycleAlipayOnly);

  const endsCycle = await cycleEndedByBuying(db, userId, buyer.grade, body.grade_enum);
  const existing = await findOrderByRandTag(db, userId, body.rand_tag);
  if (existing) return answerExisting(db, existing, endsCycle, now);

  const plan = await findPlanFor(db, body.grade_enum, { cycle: body.cycle, day: body.day });
  if (!plan) throw AppError.toast(orderMessages.planNotFound);
  const team =
    body.grade_list_id === undefined ? undefined : plan.teamOptions.find((option) => option.id === body.grade_list_id);
  if (body.grade_list_id !== undefined && !team) throw AppError.toast(orderMessages.planNotFound);

  const priceFen = effectivePriceFen(plan, now, buyer.isNewUser) + (team?.extra_fen ?? 0);
  const disPriceFen = deductionFor(buyer, plan.grade);
  if (disPriceFen > 0 && priceFen <= disPriceFen) throw AppError.toast(orderMessages.planBelowDeduction);

  const coupon = await chooseCoupon(db, { userId, body, grade: plan.grade, amountFen: priceFen - disPriceFen, now });
  const couponFen = coupon ? Math.min(coupon.discountFen, priceFen - disPriceFen) : 0;
  const payMoneyFen = payableFen(priceFen, couponFen, disPriceFen);
  const referenceFen = Math.max(plan.originalPriceFen ?? 0, plan.priceFen) + (team?.extra_fen ?? 0);
  const days = plan.hasCycle ? (plan.cyclePeriodDays ?? CYCLE_PERIOD_DAYS) : plan.day;
  const period = grantPeriod({ grade: buyer.grade, endsAt: buyer.gradeEndsAt }, { grade: plan.grade, days }, now);

  const order = await insertOrder(db, {
    id: newOrderId('membership', now),
    userId,
    kind: 'membership',
    planId: plan.id,
    grade: plan.grade,
    day: days,
    cycle: plan.hasCycle,
    teamOptionId: team?.id ?? null,
    teamCount: team?.count ?? null,
    priceFen,
    disPriceFen,
    couponFen,
    userCouponId: coupon?.userCouponId ?? null,
    payMoneyFen,
    saveMoneyFen: Math.max(0, referenceFen - disPriceFen - payMoneyFen),
    cyclePriceFen: plan.hasCycle ? plan.cyclePriceFen : null,
    randTag: body.rand_tag,
    tag: body.tag ?? null,
    expiresAt: new Date(now.getTime() + PAY_QR_SECONDS * 1000),
    // The preview's end date; the payment recomputes it from the membership as it is then.
    grantEndsAt: period.endsAt,
  });
  return orderInfoOf(order, order.userCouponId === (coupon?.userCouponId ?? null) ? coupon : null, endsCycle);
}

async function answerExisting(db: Database, order: OrderRow, endsCycle: Grade | null, now: Date) {
  if (order.status !== 'pending' || order.expiresAt <= now) throw AppError.toast(orderMessages.orderNotPending);
  const coupon = order.userCouponId
    ? await findUsableCoupon(db, {
        userId: order.userId,
        userCouponId: order.userCouponId,
        grade: order.grade ?? '',
        amountFen: order.priceFen - order.disPriceFen,
        now,
      })
    : null;
  return orderInfoOf(order, coupon, endsCycle);
}

async function chooseCoupon(
  db: Database,
  options: { userId: number; body: PreviewBody; grade: string; amountFen: number; now: Date },
): Promise<HeldCoupon | null> {
  const { userId, body, grade, amountFen, now } = options;
  if (body.coupon_id === 0) return null;
  if (body.coupon_id !== undefined) {
    const held = await findUsableCoupon(db, { userId, userCouponId: body.coupon_id, grade, amountFen, now });
    if (!held) throw AppError.toast('该优惠券不可用');
    return held;
  }
  return findBestCoupon(db, { userId, grade, amountFen, now });
}

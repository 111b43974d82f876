import type { Coupon, GradeConfig, PayPlan } from '@dso/contract';
import {
  AD_CLICK_VALID_MS,
  gradeNames,
  monthlyPriceYuan,
  PAY_GRADES,
  PAY_QR_SECONDS,
  type PayGrade,
  yuanText,
} from '@dso/domain';

/*
 * The pay box's rules (001 §2, §4, §5, §9) as plain functions. Amounts are fen as the wire carries
 * them; only the texts turn them into yuan.
 */

/** A plan's points activity (`all_point_activity_bean`). */
export type PointActivity = NonNullable<PayPlan['all_point_activity_bean']>;

/** Whether a grade code is one the pay box sells. */
export function isPayGrade(value: string): value is PayGrade {
  return (PAY_GRADES as readonly string[]).includes(value);
}

/**
 * The tier whose plans the box shows (001 §2): the chosen tier, or when it has no plans the next
 * higher one that has; null when none above has any (or nothing has loaded).
 */
export function tierWithPlans(config: GradeConfig | null | undefined, tier: PayGrade): PayGrade | null {
  if (!config) return null;
  const start = PAY_GRADES.indexOf(tier);
  return PAY_GRADES.slice(start).find((grade) => (config[grade]?.length ?? 0) > 0) ?? null;
}

/**
 * A plan not above the value left in the current membership is disabled (001 §5): upgrading to it
 * would cost nothing or less than nothing. Only a running membership of another grade has a `dis_price`.
 */
export function isBelowDeduction(plan: Pick<PayPlan, 'current_price' | 'dis_price'>): boolean {
  return plan.dis_price > 0 && plan.current_price <= plan.dis_price;
}

/** The plan picked for the user when a tier opens: the first one that may be bought. */
export function firstSelectable(plans: readonly PayPlan[]): PayPlan | null {
  return plans.find((plan) => !isBelowDeduction(plan)) ?? null;
}

/** The struck-through price of a card: the list or original price when above what the user pays. */
export function crossedPriceFen(plan: Pick<PayPlan, 'price' | 'original_price' | 'current_price'>): number | null {
  const reference = Math.max(plan.original_price ?? 0, plan.price);
  return reference > plan.current_price ? reference : null;
}

/**
 * The bottom bar's figure (001 §1, §9): the lowest monthly price, in whole yuan, of a 365-day VIP plan
 * at what the user pays; null while there is no such plan.
 */
export function yearlyVipMonthlyYuan(config: GradeConfig | null | undefined): number | null {
  const yearly = (config?.VIP ?? []).filter((plan) => plan.day === 365 && !plan.has_cycle && plan.current_price > 0);
  if (yearly.length === 0) return null;
  return Math.min(...yearly.map((plan) => monthlyPriceYuan(plan.current_price, plan.day)));
}

/** Whether a plan's points activity runs at `nowMs`. */
export function isActivityRunning(bean: PointActivity | null | undefined, nowMs: number): bean is PointActivity {
  if (!bean) return false;
  const now = nowMs / 1000;
  return bean.start_time <= now && now < bean.end_time;
}

/** Seconds the QR stays payable: until the order's `expire_time`, never more than 900 s. */
export function secondsLeft(expireTime: number, nowMs: number): number {
  return Math.max(0, Math.min(PAY_QR_SECONDS, Math.ceil(expireTime - nowMs / 1000)));
}

/** A countdown as mm:ss: 900 → 15:00, 61 → 01:01. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/** How a coupon reads in the choice: 新人券 -¥20, with its threshold when it has one. */
export function couponLabel(coupon: Pick<Coupon, 'name' | 'discount' | 'low_money'>): string {
  const threshold = coupon.low_money > 0 ? `（满¥${yuanText(coupon.low_money)}可用）` : '';
  return `${coupon.name} -¥${yuanText(coupon.discount)}${threshold}`;
}

const soldNames = new Set(Object.values(gradeNames));

/** A line of the order roll: 138****5678 开通了个人版 (a count pack reads 购买了次数包). */
export function rollLine(item: { phone: string; vip_name: string }): string {
  const verb = soldNames.has(item.vip_name) ? '开通了' : '购买了';
  return `${item.phone} ${verb}${item.vip_name}`;
}

/**
 * Whether a saved paid-search click still counts for a conversion (001 §4, §9): it was saved within
 * the last 24 h.
 */
export function isFreshAdClick(clickId: string | null, clickTime: number, nowMs: number): clickId is string {
  return Boolean(clickId) && Number.isFinite(clickTime) && clickTime > 0 && nowMs - clickTime <= AD_CLICK_VALID_MS;
}

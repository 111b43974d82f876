/*
 * Prices and the order preview's arithmetic (001 §3–§5, §9). Every amount is integer fen; only the
 * display turns it into yuan.
 */

/** The pay QR stays valid 900 s (001 §9). */
export const PAY_QR_SECONDS = 900;
/** The pay result is polled every 2 s (001 §4). */
export const PAY_POLL_MS = 2000;
/** A saved paid-search click id counts for a conversion within 24 h (001 §9). */
export const AD_CLICK_VALID_MS = 86_400_000;
/** The order-roll list scrolls every 2 s (001 §9). */
export const ORDER_ROLL_MS = 2000;
/** A continuous monthly plan is listed as a 29-day entry and each period extends 30 days (001 §9). */
export const CYCLE_LIST_DAY = 29;
export const CYCLE_PERIOD_DAYS = 30;
/** Usage-count packs are valid for one year from purchase (001 §9). */
export const PACK_VALIDITY_YEARS = 1;
/** The tiers the pay box sells (001 §2). */
export const PAY_GRADES = ['VIP', 'SVIP', 'EVIP'] as const;
export type PayGrade = (typeof PAY_GRADES)[number];

const DAY_MS = 86_400_000;

/** Fen as the UI shows yuan: 49900 → "499", 4990 → "49.9", 4999 → "49.99". */
export function yuanText(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.round(fen));
  const whole = Math.floor(abs / 100);
  const cents = abs % 100;
  if (cents === 0) return `${sign}${whole}`;
  return `${sign}${whole}.${String(cents).padStart(2, '0').replace(/0$/, '')}`;
}

/** Months a plan's length reads as (001 §9: day / 30); the continuous 29-day entry is one month. */
export function planMonths(day: number): number {
  if (day === CYCLE_LIST_DAY) return 1;
  return Math.max(1, Math.floor(day / 30));
}

/** The monthly price of a plan (001 §9): price / day × 30, floored to whole yuan. */
export function monthlyPriceYuan(priceFen: number, day: number): number {
  const days = day === CYCLE_LIST_DAY ? CYCLE_PERIOD_DAYS : day;
  return Math.floor(((priceFen / days) * 30) / 100);
}

/** First-period price labels of continuous plans (001 §9): 首月 / 首季 / 首半年 / 首年, else null. */
export function firstPeriodLabel(months: number): string | null {
  const labels: Record<number, string> = { 1: '首月', 3: '首季', 6: '首半年', 12: '首年' };
  return labels[months] ?? null;
}

/** A plan's length as a card shows it: 连续包月 / 1个月 / 3个月 / 12个月. */
export function planLengthLabel(day: number, hasCycle: boolean): string {
  if (hasCycle) return '连续包月';
  return `${planMonths(day)}个月`;
}

/** The priced fields of a plan, as the server stores them (fen, instants). */
export interface PlanPricing {
  priceFen: number;
  activePriceFen?: number | null;
  activeStartsAt?: Date | null;
  activeEndsAt?: Date | null;
  activityPriceFen?: number | null;
  activityStartsAt?: Date | null;
  activityEndsAt?: Date | null;
  newUserPriceFen?: number | null;
}

function within(now: Date, start?: Date | null, end?: Date | null): boolean {
  return Boolean(start && end && start.getTime() <= now.getTime() && now.getTime() < end.getTime());
}

/**
 * What a plan costs now: the lowest of its list price, the active price and the campaign price while
 * their windows run, and the new-user price for a user who has never paid. Taking the lowest means
 * overlapping offers never make a plan dearer than any one of them.
 */
export function effectivePriceFen(plan: PlanPricing, now: Date, isNewUser: boolean): number {
  const candidates = [plan.priceFen];
  if (plan.activePriceFen != null && within(now, plan.activeStartsAt, plan.activeEndsAt)) {
    candidates.push(plan.activePriceFen);
  }
  if (plan.activityPriceFen != null && within(now, plan.activityStartsAt, plan.activityEndsAt)) {
    candidates.push(plan.activityPriceFen);
  }
  if (isNewUser && plan.newUserPriceFen != null) candidates.push(plan.newUserPriceFen);
  return Math.max(0, Math.min(...candidates));
}

/** A coupon as the preview weighs it. */
export interface CouponTerms {
  discountFen: number;
  lowMoneyFen: number;
  startsAt: Date;
  endsAt: Date;
  /** Grades it applies to; empty means all. */
  grades: readonly string[];
}

/** Whether a coupon can pay towards an order of `amountFen` for `grade` at `now`. */
export function couponApplies(coupon: CouponTerms, amountFen: number, grade: string, now: Date): boolean {
  if (!within(now, coupon.startsAt, coupon.endsAt)) return false;
  if (coupon.grades.length > 0 && !coupon.grades.includes(grade)) return false;
  return amountFen >= coupon.lowMoneyFen;
}

/** Payable = price − coupon, floored at 0 (001 §5); `disPriceFen` comes off an upgrade first. */
export function payableFen(priceFen: number, couponFen: number, disPriceFen = 0): number {
  return Math.max(0, priceFen - disPriceFen - couponFen);
}

/** A running membership period and what was paid for it. */
export interface MembershipPeriod {
  grade: string;
  startsAt: Date;
  endsAt: Date;
  valueFen: number;
}

/**
 * The value left in a member's running periods (`dis_price`, 001 §3): each period's paid value in
 * proportion to the time it still has, floored to the fen. Periods of another grade than the current
 * one (already converted) and ended ones count nothing.
 */
export function remainingValueFen(periods: readonly MembershipPeriod[], currentGrade: string, now: Date): number {
  let total = 0;
  for (const period of periods) {
    if (period.grade !== currentGrade) continue;
    const length = period.endsAt.getTime() - period.startsAt.getTime();
    if (length <= 0 || period.endsAt.getTime() <= now.getTime()) continue;
    const left = period.endsAt.getTime() - Math.max(now.getTime(), period.startsAt.getTime());
    total += (period.valueFen * left) / length;
  }
  return Math.floor(total);
}

/**
 * Where a new period starts and ends (001 §4): buying the grade one already holds extends from the
 * current end; an upgrade (its rest converted into `dis_price`) or a lapsed member starts now.
 */
export function grantPeriod(
  current: { grade: string; endsAt: Date | null },
  bought: { grade: string; days: number },
  now: Date,
): { startsAt: Date; endsAt: Date } {
  const running = current.endsAt && current.endsAt.getTime() > now.getTime();
  const startsAt = running && current.grade === bought.grade ? (current.endsAt as Date) : now;
  return { startsAt, endsAt: new Date(startsAt.getTime() + bought.days * DAY_MS) };
}

/** Usage-count pack types (`frequencyType`) and the quota each adds to; 9 is extraction (001 §6). */
export const frequencyTypes: Record<number, string> = {
  1: 'KEYWORD_LIBRARY_SEARCH_COUNT_DAY',
  2: 'KEYWORD_LIBRARY_DETAIL_COUNT_DAY',
  3: 'KEYWORD_LIBRARY_EXPORT',
  4: 'KEYWORD_MONITOR_COUNT',
  5: 'AI_WRITING_COUNT_DAY',
  6: 'AI_REWRITING_COUNT_DAY',
  7: 'AI_PUB_BATCH_COUNT',
  9: 'AI_WRITING_BATCH_EXTRACTION',
};

/** The pack type that refills an alias, or null when no packs are sold for it. */
export function frequencyTypeOf(alias: string): number | null {
  const entry = Object.entries(frequencyTypes).find(([, value]) => value === alias);
  return entry ? Number(entry[0]) : null;
}

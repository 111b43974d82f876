import { describe, expect, it } from 'vitest';
import {
  couponApplies,
  effectivePriceFen,
  firstPeriodLabel,
  frequencyTypeOf,
  grantPeriod,
  monthlyPriceYuan,
  payableFen,
  planLengthLabel,
  planMonths,
  remainingValueFen,
  yuanText,
} from './prices';

const day = 86_400_000;
const now = new Date('2026-11-23T12:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * day);
const later = (days: number) => new Date(now.getTime() + days * day);

describe('prices', () => {
  it('shows fen as yuan without trailing zeros', () => {
    expect(yuanText(49900)).toBe('499');
    expect(yuanText(4990)).toBe('49.9');
    expect(yuanText(4999)).toBe('49.99');
    expect(yuanText(5)).toBe('0.05');
    expect(yuanText(0)).toBe('0');
  });

  it('reads months as day / 30 and the 29-day continuous entry as one month', () => {
    expect(planMonths(30)).toBe(1);
    expect(planMonths(29)).toBe(1);
    expect(planMonths(90)).toBe(3);
    expect(planMonths(365)).toBe(12);
    expect(planLengthLabel(29, true)).toBe('连续包月');
    expect(planLengthLabel(365, false)).toBe('12个月');
  });

  it('floors the monthly price of price / day × 30', () => {
    expect(monthlyPriceYuan(49_900, 365)).toBe(41);
    expect(monthlyPriceYuan(6_900, 30)).toBe(69);
    expect(monthlyPriceYuan(5_900, 29)).toBe(59);
  });

  it('labels first periods of 1, 3, 6 and 12 months only', () => {
    expect([1, 3, 6, 12, 2].map(firstPeriodLabel)).toEqual(['首月', '首季', '首半年', '首年', null]);
  });

  it('takes the lowest running offer and ignores ones outside their window', () => {
    const plan = {
      priceFen: 49_900,
      activePriceFen: 39_900,
      activeStartsAt: ago(1),
      activeEndsAt: later(1),
      activityPriceFen: 29_900,
      activityStartsAt: later(1),
      activityEndsAt: later(2),
      newUserPriceFen: 44_900,
    };
    expect(effectivePriceFen(plan, now, false)).toBe(39_900);
    expect(effectivePriceFen({ ...plan, activeEndsAt: now }, now, false)).toBe(49_900);
    expect(effectivePriceFen({ ...plan, activeEndsAt: now }, now, true)).toBe(44_900);
    expect(effectivePriceFen(plan, later(1.5), false)).toBe(29_900);
  });

  it('applies a coupon only in its window, above its minimum and to its grades', () => {
    const coupon = { discountFen: 5_000, lowMoneyFen: 10_000, startsAt: ago(1), endsAt: later(1), grades: ['VIP'] };
    expect(couponApplies(coupon, 10_000, 'VIP', now)).toBe(true);
    expect(couponApplies(coupon, 9_999, 'VIP', now)).toBe(false);
    expect(couponApplies(coupon, 10_000, 'SVIP', now)).toBe(false);
    expect(couponApplies({ ...coupon, grades: [] }, 10_000, 'SVIP', now)).toBe(true);
    expect(couponApplies(coupon, 10_000, 'VIP', later(1))).toBe(false);
  });

  it('floors the payable amount at zero', () => {
    expect(payableFen(10_000, 3_000)).toBe(7_000);
    expect(payableFen(10_000, 30_000)).toBe(0);
    expect(payableFen(100_000, 1_000, 40_000)).toBe(59_000);
  });

  it('values the rest of running periods of the current grade in proportion to time left', () => {
    const periods = [
      { grade: 'VIP', startsAt: ago(100), endsAt: later(100), valueFen: 40_000 },
      { grade: 'VIP', startsAt: later(100), endsAt: later(200), valueFen: 10_000 },
      { grade: 'VIP', startsAt: ago(30), endsAt: ago(1), valueFen: 9_999 },
      { grade: 'SVIP', startsAt: ago(1), endsAt: later(1), valueFen: 9_999 },
    ];
    expect(remainingValueFen(periods, 'VIP', now)).toBe(30_000);
    expect(remainingValueFen(periods, 'FREE', now)).toBe(0);
  });

  it('extends the same grade from its end and starts an upgrade now', () => {
    const current = { grade: 'VIP', endsAt: later(10) };
    expect(grantPeriod(current, { grade: 'VIP', days: 30 }, now)).toEqual({ startsAt: later(10), endsAt: later(40) });
    expect(grantPeriod(current, { grade: 'SVIP', days: 30 }, now)).toEqual({ startsAt: now, endsAt: later(30) });
    expect(grantPeriod({ grade: 'VIP', endsAt: ago(1) }, { grade: 'VIP', days: 30 }, now).startsAt).toEqual(now);
  });

  it('maps extraction to pack type 9', () => {
    expect(frequencyTypeOf('AI_WRITING_BATCH_EXTRACTION')).toBe(9);
    expect(frequencyTypeOf('VIDEO_LIBRARY_DETAIL_VIDEO_DATA')).toBeNull();
  });
});

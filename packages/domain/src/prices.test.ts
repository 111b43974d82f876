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
  it.each([
    [49900, '499'],
    [4990, '49.9'],
    [4999, '49.99'],
    [5, '0.05'],
    [0, '0'],
  ])('shows fen as yuan without trailing zeros: %s → %s', (fen, yuan) => {
    expect(yuanText(fen)).toBe(yuan);
  });

  it.each([
    [30, 1],
    [29, 1],
    [90, 3],
    [365, 12],
  ])('reads months as day / 30 and the 29-day continuous entry as one month: %s days → %s', (days, months) => {
    expect(planMonths(days)).toBe(months);
  });

  it('labels the 29-day continuous entry 连续包月 and other plans by their months', () => {
    expect(planLengthLabel(29, true)).toBe('连续包月');
    expect(planLengthLabel(365, false)).toBe('12个月');
  });

  it.each([
    [49_900, 365, 41],
    [6_900, 30, 69],
    [5_900, 29, 59],
  ])('floors the monthly price of price / day × 30: %s fen for %s days → %s', (priceFen, days, yuan) => {
    expect(monthlyPriceYuan(priceFen, days)).toBe(yuan);
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

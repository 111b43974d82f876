import { describe, expect, it } from 'vitest';
import {
  couponLabel,
  crossedPriceFen,
  firstSelectable,
  formatCountdown,
  isActivityRunning,
  isBelowDeduction,
  isFreshAdClick,
  rollLine,
  secondsLeft,
  tierWithPlans,
  yearlyVipMonthlyYuan,
} from './plan-rules';
import { createCoupon, createCyclePlan, createPlan } from './testing/factories';

describe('the pay box rules', () => {
  it('falls back to the next higher tier with plans, and to nothing when none above has any', () => {
    const config = { VIP: [createPlan()], SVIP: [], EVIP: [createPlan({ grade_enum: 'EVIP' })] };
    expect(tierWithPlans(config, 'VIP')).toBe('VIP');
    expect(tierWithPlans(config, 'SVIP')).toBe('EVIP');
    expect(tierWithPlans({ VIP: [createPlan()], SVIP: [], EVIP: [] }, 'SVIP')).toBeNull();
    expect(tierWithPlans(undefined, 'VIP')).toBeNull();
  });

  it('disables a plan not above the value left in the current membership, and picks the first other one', () => {
    const cheap = createPlan({ current_price: 6_900, dis_price: 10_000 });
    const equal = createPlan({ current_price: 10_000, dis_price: 10_000 });
    const dear = createPlan({ current_price: 49_900, dis_price: 10_000 });
    expect([cheap, equal, dear].map(isBelowDeduction)).toEqual([true, true, false]);
    expect(isBelowDeduction(createPlan({ current_price: 0, dis_price: 0 }))).toBe(false);
    expect(firstSelectable([cheap, equal, dear])).toBe(dear);
    expect(firstSelectable([cheap])).toBeNull();
  });

  it('strikes through the list or original price only when it is above what the user pays', () => {
    expect(crossedPriceFen(createPlan({ price: 49_900, original_price: 118_800, current_price: 49_900 }))).toBe(
      118_800,
    );
    expect(crossedPriceFen(createPlan({ price: 6_900, original_price: null, current_price: 4_900 }))).toBe(6_900);
    expect(crossedPriceFen(createPlan({ price: 6_900, original_price: 6_900, current_price: 6_900 }))).toBeNull();
  });

  it('quotes the bottom bar the lowest monthly yuan of a yearly VIP plan at what the user pays', () => {
    const config = {
      VIP: [
        createPlan({ day: 30, current_price: 6_900 }),
        createPlan({ day: 365, current_price: 49_900 }),
        createPlan({ day: 365, current_price: 59_900 }),
        createCyclePlan(),
      ],
      EVIP: [createPlan({ grade_enum: 'EVIP', day: 365, current_price: 10_000 })],
    };
    expect(yearlyVipMonthlyYuan(config)).toBe(41);
    expect(yearlyVipMonthlyYuan({ VIP: [createPlan({ day: 30 })] })).toBeNull();
    expect(yearlyVipMonthlyYuan(undefined)).toBeNull();
  });

  it('runs a points activity only inside its window', () => {
    const bean = { desc: '赠送500积分', start_time: 1_000, end_time: 2_000, img_url: '' };
    expect(isActivityRunning(bean, 1_500_000)).toBe(true);
    expect(isActivityRunning(bean, 2_000_000)).toBe(false);
    expect(isActivityRunning(bean, 999_000)).toBe(false);
    expect(isActivityRunning(null, 1_500_000)).toBe(false);
  });

  it('counts the QR down from the order expiry, never above 900 s, and shows it as mm:ss', () => {
    expect(secondsLeft(1_900, 1_000_000)).toBe(900);
    expect(secondsLeft(5_000, 1_000_000)).toBe(900);
    expect(secondsLeft(1_061, 1_000_000)).toBe(61);
    expect(secondsLeft(900, 1_000_000)).toBe(0);
    expect([900, 61, 9, 0].map(formatCountdown)).toEqual(['15:00', '01:01', '00:09', '00:00']);
  });

  it('labels coupons with their amount in yuan and their threshold', () => {
    expect(couponLabel(createCoupon({ name: '新人券', discount: 2_000, low_money: 0 }))).toBe('新人券 -¥20');
    expect(couponLabel(createCoupon({ name: '满减券', discount: 5_050, low_money: 30_000 }))).toBe(
      '满减券 -¥50.5（满¥300可用）',
    );
  });

  it('words the order roll by what was bought', () => {
    expect(rollLine({ phone: '138****5678', vip_name: '个人版' })).toBe('138****5678 开通了个人版');
    expect(rollLine({ phone: '139****0001', vip_name: '次数包' })).toBe('139****0001 购买了次数包');
  });

  it('counts a paid-search click for 24 hours', () => {
    const now = 1_700_000_000_000;
    expect(isFreshAdClick('abc', now - 86_400_000, now)).toBe(true);
    expect(isFreshAdClick('abc', now - 86_400_001, now)).toBe(false);
    expect(isFreshAdClick(null, now, now)).toBe(false);
    expect(isFreshAdClick('abc', Number.NaN, now)).toBe(false);
  });
});

import type { NewPlan } from './plans.repository';

/**
 * The price list `npm start` seeds into an empty plan table (docs/orders.md explains the choice).
 * Operators change it with `npm run orders -- plans …` or the admin calls; this list is never
 * applied over existing plans.
 *
 * - 个人版 (VIP) is the entry tier: the spec's own price filter names 499 for VIP and 2899 for SVIP,
 *   so the yearly plans are ¥499 and ¥2,899; monthly and quarterly cost more per month, so the yearly
 *   plan is the one the FREE bar quotes (¥41/月).
 * - The continuous monthly plan (连续包月, Alipay 周期扣款) exists for VIP only: ¥39 the first month,
 *   then ¥59 every 30 days.
 * - 旗舰版 (EVIP) sells yearly and quarterly; the spec's 49800 for EVIP reads as fen-like units beside
 *   the others, so the flagship year is ¥4,980, keeping the ladder's steps plausible.
 * - 企业版 and 旗舰版 yearly plans sell larger teams (`team_options`): the tier's seats are included,
 *   more cost extra per year.
 */
export const defaultPlans: NewPlan[] = [
  {
    grade: 'VIP',
    day: 30,
    priceFen: 6_900,
    originalPriceFen: 9_900,
    newUserPriceFen: 4_900,
    discount: '新人价',
    sort: 2,
  },
  { grade: 'VIP', day: 90, priceFen: 17_900, originalPriceFen: 29_700, discount: '6折', sort: 3 },
  { grade: 'VIP', day: 365, priceFen: 49_900, originalPriceFen: 118_800, discount: '4.2折', sort: 1 },
  {
    grade: 'VIP',
    day: 30,
    priceFen: 3_900,
    originalPriceFen: 9_900,
    hasCycle: true,
    cyclePriceFen: 5_900,
    cyclePeriodDays: 30,
    discount: '首月特惠',
    sort: 0,
  },
  { grade: 'SVIP', day: 30, priceFen: 39_900, originalPriceFen: 49_900, sort: 2 },
  { grade: 'SVIP', day: 90, priceFen: 99_900, originalPriceFen: 149_700, discount: '6.7折', sort: 3 },
  {
    grade: 'SVIP',
    day: 365,
    priceFen: 289_900,
    originalPriceFen: 478_800,
    discount: '6折',
    sort: 1,
    teamOptions: [
      { id: 1, count: 3, extra_fen: 0 },
      { id: 2, count: 5, extra_fen: 60_000 },
      { id: 3, count: 10, extra_fen: 150_000 },
    ],
  },
  { grade: 'EVIP', day: 90, priceFen: 159_900, originalPriceFen: 199_900, sort: 2 },
  {
    grade: 'EVIP',
    day: 365,
    priceFen: 498_000,
    originalPriceFen: 798_000,
    discount: '6.2折',
    sort: 1,
    teamOptions: [
      { id: 4, count: 10, extra_fen: 0 },
      { id: 5, count: 20, extra_fen: 200_000 },
      { id: 6, count: 50, extra_fen: 600_000 },
    ],
  },
];

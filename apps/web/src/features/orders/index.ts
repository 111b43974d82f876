/**
 * The orders feature's public face. Only light pieces are exported statically (the plan queries and
 * rules the bottom bar reads); the pay box, the /pay page and the retention prompt load in their own
 * chunks.
 */
export { couponListQuery, useCouponList } from './api/get-coupon-list';
export { gradeConfigQuery, useGradeConfig, useViewerKey } from './api/get-grade-config';
export type { PayBoxMode, PayBoxProps } from './components/pay-box';
export type { BuyTimesPayload } from './components/recharge-dialog';
export type { RetentionPayload } from './components/retention-dialog';
/** The sold tiers, their values in the permission tree and their comparison table (001 §1, §2). */
export { TierComparison } from './components/tier-comparison';
export { isBelowDeduction, tierWithPlans, yearlyVipMonthlyYuan } from './plan-rules';
export { comparisonRows, formatTierValue, ladderTiers, payTierOf, payTiers, tierValue } from './tier-values';
/** The pay box (001 §2): the pay dialog loads it when it opens; /pay imports it with the page. */
export const loadPayBox = () => import('./components/pay-box');
/** The retention prompt shown when the pay dialog is closed with a coupon held (001 §2). */
export const loadRetentionDialog = () => import('./components/retention-dialog');
/** 我的订单 of the personal centre (`/setting?type=first`). */
export const loadSettingOrdersSection = () => import('./pages/setting-orders-section');

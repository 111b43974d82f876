/** The upgrade feature's public face: checks, quota handling, and the dialogs for the layout. */
export { UpgradeDialogs } from './components/upgrade-dialogs';
export { checkFeature, checkGrade, openNoPermission, useGradeCheck } from './grade-check';
export { monthlyPrice, type PayPlan, type PlanConfig, usePlans, yearlyVipMonthlyPrice } from './plans';
export { type BuyTimesPayload, handleQuotaFailure, openQuotaExhausted, type PayDialogOpenPayload } from './quota';
export { type NoPermissionReason, noPermissionMessage, quotaMessages } from './upgrade-messages';

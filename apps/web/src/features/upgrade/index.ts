/** The upgrade feature's public face: checks, quota handling, and the dialogs for the layout. */
/** The upgrade dialogs live in their own chunk, loaded after the first paint. */
export const loadUpgradeDialogs = () => import('./components/upgrade-dialogs');
export { TierComparison } from './components/tier-comparison';
export { checkFeature, checkGrade, openNoPermission } from './grade-check';
export { type BuyTimesPayload, handleQuotaFailure, openQuotaExhausted, type PayDialogOpenPayload } from './quota';
export { comparisonRows, formatTierValue, payTierOf, payTiers, tierValue } from './tier-values';
export { type NoPermissionReason, noPermissionMessage, quotaMessages } from './upgrade-messages';

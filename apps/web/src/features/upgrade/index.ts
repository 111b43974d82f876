/**
 * The upgrade feature's public face: checks, quota handling, and the dialogs for the layout. The tiers'
 * values and comparison belong to orders, which sells them; this feature uses them from there.
 */
/** The upgrade dialogs live in their own chunk, loaded after the first paint. */
export const loadUpgradeDialogs = () => import('./components/upgrade-dialogs');
export { checkFeature, checkGrade, openNoPermission } from './grade-check';
export { handleQuotaFailure, openQuotaExhausted, type PayDialogOpenPayload } from './quota';
export { type NoPermissionReason, noPermissionMessage, quotaMessages } from './upgrade-messages';

/**
 * The permissions feature's public face (the server's `permissions`: grades, quotas, the usage ledger):
 * the grade and feature checks, quota handling and the upgrade dialogs for the layout, and 用量明细 of
 * the personal centre. The tiers' values and comparison belong to orders, which sells them; this
 * feature uses them from there.
 */
/** The upgrade dialogs live in their own chunk, loaded after the first paint. */
export const loadUpgradeDialogs = () => import('./components/upgrade-dialogs');
/** 用量明细 of the personal centre loads in its own chunk. */
export const loadUsageLogSection = () => import('./components/usage-log-section');
export { fetchPermissionUse, useRemainingUses } from './api/permission-use';
export { checkFeature, checkGrade, openNoPermission } from './grade-check';
export { handleQuotaFailure, openQuotaExhausted, type PayDialogOpenPayload } from './quota';
export { type NoPermissionReason, noPermissionMessage, quotaMessages } from './upgrade-messages';

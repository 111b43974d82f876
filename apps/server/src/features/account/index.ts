/**
 * The account feature (docs/accounts.md), in parts: `login/` (password and SMS-code login,
 * registration, the DCC handover), `sms/` (codes), `captcha/`, `profile/` (user info, phone,
 * password), `sessions/`, `wechat/` (QR login), `sub-accounts/` and `closure/` (注销账号).
 *
 * What it offers other features: who an account is and whether it is staff (account access), and
 * whether an account may buy (a child account may not). The app takes its routes and the closure's
 * erasure job, and hands in the closure's hooks.
 */

export { type AccountRoutesOptions, accountRoutes } from './account.routes';
export { findAccountAccess, findAccountIdByPhone, findAccountPhones, requireAdmin } from './account-access.service';
export {
  accountClosureJobHandlers,
  type ClosureHooks,
  type ClosurePayment,
  type ErasureContext,
  type ErasureStep,
} from './closure';
export { assertCanPurchase } from './sub-accounts';

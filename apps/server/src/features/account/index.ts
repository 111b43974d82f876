/**
 * The account feature (docs/accounts.md), in parts: `login/` (password and SMS-code login,
 * registration, the DCC handover), `sms/` (codes), `captcha/`, `profile/` (user info, phone,
 * password), `sessions/`, `wechat/` (QR login), `sub-accounts/` and `closure/` (注销账号).
 *
 * What it offers other features: who an account is and whether it is staff (account access), and
 * whether an account may buy (a child account may not). The app takes its routes and the closure's
 * erasure job, and hands in the closure's hooks. The operator's console reads and ends an account's
 * sessions and child-account links through it, and uses its password hashing and SMS codes for staff.
 */

export { type AccountRoutesOptions, accountRoutes } from './account.routes';
export {
  findAccountAccess,
  findAccountIdByPhone,
  findAccountPhones,
  findMemberProfile,
  type MemberProfile,
} from './account-access.service';
export {
  accountClosureJobHandlers,
  type ClosureHooks,
  type ClosurePayment,
  type ErasureContext,
  type ErasureStep,
} from './closure';
export { hashPassword, verifyPassword } from './login/password.service';
// The console's staff sessions store their tokens hashed the same way.
export { endLiveSessionsOf, hashToken, selectUserSessions } from './sessions';
export { consumeCode, sendCode } from './sms/sms-code.service';
export { type AccountLink, assertCanPurchase, dissolveLinkOf, listLinksOfAccount } from './sub-accounts';

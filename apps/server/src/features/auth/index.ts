/**
 * What the auth feature offers other features: who an account is and whether it is staff (account
 * access), the closure records an account's erasure walks through, and the one-time SMS codes.
 */
export { findAccountAccess, findAccountIdByPhone, findAccountPhones, requireAdmin } from './account-access.service';
export {
  claimErasure,
  endSessionsForClosure,
  eraseAccountRecords,
  findClosure,
  markErased,
  recordClosureRequest,
  withdrawClosureOnLogin,
} from './account-closure.service';
export { authRoutes } from './auth.routes';
export { consumeCode, issueCode } from './sms-code.service';

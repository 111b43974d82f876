import { z } from 'zod';
import { smsCodeSchema } from './account';

/*
 * 注销账号 (closing an account, docs/accounts.md): the owner asks with a code sent to the account's
 * phone; after a cooling-off period in which any login withdraws the request, the personal data is
 * erased or anonymised.
 */

/** Days between the request and the erasure; a login within them withdraws the request. */
export const ACCOUNT_CLOSURE_COOLING_OFF_DAYS = 15;

export const AccountClosurePath = {
  /** POST (login) {@link closeAccountBodySchema} → {@link ClosureRequested}. */
  closeAccount: '/api/user/close_account',
} as const;

/** `POST /api/user/close_account`: the code sent with type `CloseAccount` to the account's own phone. */
export const closeAccountBodySchema = z.object({ code: smsCodeSchema });
export type CloseAccountBody = z.infer<typeof closeAccountBodySchema>;

/** The request is recorded: the account is erased at `erase_at` (seconds) unless the owner logs in first. */
export const closureRequestedSchema = z.object({
  /** Seconds since the epoch. */
  requested_at: z.number().int(),
  erase_at: z.number().int(),
});
export type ClosureRequested = z.infer<typeof closureRequestedSchema>;

/** Texts of closing an account, shared by the server's answers and the client's notices. */
export const accountClosureMessages = {
  requested: '注销申请已提交',
  /** A login during the erasure itself (minutes at most) cannot bring the account back. */
  erasing: '该账号正在注销中，无法登录',
  /** Shown after a login that withdrew the request. */
  cancelledTitle: '已撤销注销申请',
  cancelledByLogin: `您在注销冷静期内登录了账号，注销申请已自动撤销，账号和数据都会保留。如仍需注销，可在“个人中心 - 账号信息”中重新申请。`,
} as const;

import { Code } from '@dso/contract';
import { AppError } from '../../../lib/app-error';
import { isUniqueViolation } from '../../../lib/pg-errors';
import type { AccountContext, RequestOrigin } from '../account.context';
import { accountLimits } from '../account.limits';
import * as accounts from '../accounts.repository';
import { startSession } from '../login/login.service';
import { hashPassword, readNewPassword } from '../login/password.service';
import { readSignedToken, signToken } from '../login/signed-token';
import { endAllUserSessions } from '../sessions';
import { consumeCode } from '../sms/sms-code.service';

const WECHAT_BIND_EXPIRED = '微信授权已失效，请重新扫码';
const PHONE_HAS_OTHER_WECHAT = '该手机号已绑定其他微信';
export const PHONE_IN_USE = '该手机号已被其他账号使用';

/**
 * `user/bind_phone`: the WeChat need_bind path. The open_id must come from a ticket the WeChat login
 * left in need_bind; the ticket is finished in the same transaction as the link, so it binds once.
 */
export async function bindPhone(options: {
  ctx: AccountContext;
  phone: string;
  code: string;
  openId: string;
  origin: RequestOrigin;
  now: Date;
}) {
  const { ctx, phone, openId, now } = options;
  if (!(await accounts.findNeedBindTicket(ctx.db, openId, now))) {
    throw new AppError(Code.TOAST, WECHAT_BIND_EXPIRED);
  }
  const existing = await accounts.findUserByPhone(ctx.db, phone);
  if (existing?.wechatOpenId) throw new AppError(Code.TOAST, PHONE_HAS_OTHER_WECHAT);
  await consumeCode({ db: ctx.db, phone, purpose: 'bind', code: options.code, now });
  const userId = await linkInTransaction(ctx, { phone, openId, now });
  const session = await startSession(ctx, userId, options.origin, false);
  return { token: session.token, user_id: session.user_id };
}

async function linkInTransaction(ctx: AccountContext, link: { phone: string; openId: string; now: Date }) {
  try {
    return await ctx.db.transaction(async (tx) => {
      const { user } = await accounts.findOrCreateUser(tx, { phone: link.phone });
      if (!(await accounts.finishNeedBindTickets(tx, link.openId, user.id, link.now))) {
        throw new AppError(Code.TOAST, WECHAT_BIND_EXPIRED);
      }
      if (!(await accounts.linkWechatIfUnlinked(tx, user.id, link.openId))) {
        throw new AppError(Code.TOAST, PHONE_HAS_OTHER_WECHAT);
      }
      return user.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(Code.TOAST, '该微信已绑定其他账号');
    throw error;
  }
}

/**
 * `user/reset_pwd`: a code to the phone sets a new password and ends the account's other sessions
 * (reason 'password'). Logged in, the phone is the account's own (the field is locked on screen).
 */
export async function resetPassword(options: {
  ctx: AccountContext;
  phone: string;
  code: string;
  pwd: string;
  userId: number | null;
  sessionId: number | null;
  now: Date;
}) {
  const { ctx, phone, userId } = options;
  if (userId !== null) await assertOwnPhone(ctx, userId, phone, '只能修改当前账号的密码');
  const password = readNewPassword(await ctx.passwordKey(), options.pwd);
  await consumeCode({ db: ctx.db, phone, purpose: 'reset', code: options.code, now: options.now });
  // Looked up after the code, so this call cannot be used to learn which phones have accounts.
  const user = await accounts.findUserByPhone(ctx.db, phone);
  if (!user) throw new AppError(Code.TOAST, '该手机号尚未注册');
  await accounts.updatePassword(ctx.db, user.id, await hashPassword(password));
  const keep = user.id === userId ? (options.sessionId ?? undefined) : undefined;
  await endAllUserSessions(ctx.db, user.id, 'password', keep);
}

/** The logged-in account's phone must be the one given, or 300 with `message`. */
export async function assertOwnPhone(ctx: AccountContext, userId: number, phone: string, message: string) {
  const user = await accounts.findUserById(ctx.db, userId);
  if (!user || user.phone !== phone) throw new AppError(Code.TOAST, message);
  return user;
}

/** `verify_raw_code`: the code sent to the current phone proves the owner; the proof names that phone. */
export async function verifyCurrentPhone(options: { ctx: AccountContext; userId: number; code: string; now: Date }) {
  const { ctx, userId, now } = options;
  const user = await accounts.findUserById(ctx.db, userId);
  if (!user) throw new AppError(Code.TOKEN_INVALID, '请先登录');
  await consumeCode({ db: ctx.db, phone: user.phone, purpose: 'change_old', code: options.code, now });
  const exp = now.getTime() + accountLimits.verifyTokenTtlMs;
  return {
    verify_token: signToken(await ctx.tokenSecret(), { kind: 'change_phone', uid: userId, phone: user.phone, exp }),
  };
}

/**
 * `update_user_phone`: moves the account to a new phone. The proof holds only while the account still
 * has the phone it names, so it works once; the move itself is conditional on that phone too.
 */
export async function changeUserPhone(options: {
  ctx: AccountContext;
  userId: number;
  phone: string;
  code: string;
  verifyToken: string;
  now: Date;
}) {
  const { ctx, userId, phone, now } = options;
  const user = await accounts.findUserById(ctx.db, userId);
  if (!user) throw new AppError(Code.TOKEN_INVALID, '请先登录');
  const proof = readSignedToken(await ctx.tokenSecret(), options.verifyToken);
  const proofHolds =
    proof?.kind === 'change_phone' &&
    proof.uid === userId &&
    proof.phone === user.phone &&
    typeof proof.exp === 'number' &&
    proof.exp > now.getTime();
  if (!proofHolds) throw new AppError(Code.TOAST, '原手机号验证已失效，请重新验证');
  if (phone === user.phone) throw new AppError(Code.TOAST, '新手机号不能与原手机号相同');
  if (await accounts.findUserByPhone(ctx.db, phone)) throw new AppError(Code.TOAST, PHONE_IN_USE);
  await consumeCode({ db: ctx.db, phone, purpose: 'change_new', code: options.code, now });
  try {
    if (!(await accounts.changePhone(ctx.db, userId, user.phone, phone))) {
      throw new AppError(Code.TOAST, '原手机号验证已失效，请重新验证');
    }
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(Code.TOAST, PHONE_IN_USE);
    throw error;
  }
}

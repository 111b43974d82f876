import { AD_CLICK_TTL_MS, Code, type LoginResult, PASSWORD_LOGIN_FAILED_MESSAGE } from '@dso/contract';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { AccountContext, RequestOrigin } from '../account.context';
import { accountLimits } from '../account.limits';
import * as accounts from '../accounts.repository';
import { withdrawClosureOnLogin } from '../closure/closure-records.service';
import { openSession } from '../sessions';
import { consumeCode } from '../sms/sms-code.service';
import {
  decryptPassword,
  hashPassword,
  readNewPassword,
  undecryptablePassword,
  verifyPassword,
} from './password.service';

/** The paid-search click and channel a registration arrived with (001 §4, §9). */
export interface AdClick {
  j_id?: string | undefined;
  bd_vid?: string | undefined;
  bd_vid_time?: number | undefined;
}

/**
 * Opens a session with the configured limits and shapes the login result (001 §3). A login withdraws
 * the account's pending closure request, and the result says so.
 */
export async function startSession(ctx: AccountContext, userId: number, origin: RequestOrigin, reg: boolean) {
  const withdrawn = await withdrawClosureOnLogin(ctx.db, userId, new Date());
  const token = await openSession(ctx.db, userId, origin, {
    maxSessionsPerUser: ctx.config.maxSessionsPerUser,
    sessionTtlMs: ctx.config.sessionTtlMs,
  });
  const result: LoginResult = { token, user_id: userId, reg, user_info: { token } };
  return withdrawn ? { ...result, closure_cancelled: true as const } : result;
}

/** Whether a click id counts for a conversion: seen within the last 24 h (001 §9). */
export function isFreshClick(seenAt: number | undefined, now: Date): boolean {
  if (seenAt === undefined) return false;
  const age = now.getTime() - seenAt;
  return age >= -60_000 && age <= AD_CLICK_TTL_MS;
}

/** Records the 'register' conversion of a new account that arrived from a paid-search click. */
async function recordRegistration(db: Database, userId: number, click: AdClick, now: Date) {
  if (!click.bd_vid || !isFreshClick(click.bd_vid_time, now)) return;
  await accounts.insertConversionOnce(db, { userId, adClickId: click.bd_vid, kind: 'register' });
}

/** Creates the account of a phone if needed, keeping the channel and click it arrived with. */
async function findOrRegister(db: Database, phone: string, click: AdClick, now: Date, passwordHash?: string) {
  const result = await accounts.findOrCreateUser(db, {
    phone,
    passwordHash: passwordHash ?? null,
    channel: click.j_id || null,
    adClickId: click.bd_vid || null,
  });
  if (result.created) await recordRegistration(db, result.user.id, click, now);
  return result;
}

/** `user/fast_login`: the code logs in, registering the phone when it is new (data.reg). */
export async function loginWithCode(options: {
  ctx: AccountContext;
  phone: string;
  code: string;
  click: AdClick;
  origin: RequestOrigin;
  now: Date;
}) {
  const { ctx, phone, now } = options;
  await consumeCode({ db: ctx.db, phone, purpose: 'login', code: options.code, now });
  const { user, created } = await findOrRegister(ctx.db, phone, options.click, now);
  return startSession(ctx, user.id, options.origin, created);
}

/** `user/register`: a new account with a code and a password; an existing phone is told to log in. */
export async function registerWithPassword(options: {
  ctx: AccountContext;
  phone: string;
  code: string;
  pwd: string;
  click: AdClick;
  origin: RequestOrigin;
  now: Date;
}) {
  const { ctx, phone, now } = options;
  const password = readNewPassword(await ctx.passwordKey(), options.pwd);
  await consumeCode({ db: ctx.db, phone, purpose: 'login', code: options.code, now });
  const { user, created } = await findOrRegister(ctx.db, phone, options.click, now, await hashPassword(password));
  if (!created) throw new AppError(Code.TOAST, '该手机号已注册，请直接登录');
  return startSession(ctx, user.id, options.origin, true);
}

/**
 * `user/login`: password login. Failures are counted before the check (a reservation given back on
 * success), so a burst of concurrent guesses cannot slip past the limit.
 */
export async function loginWithPassword(options: {
  ctx: AccountContext;
  phone: string;
  pwd: string;
  origin: RequestOrigin;
}) {
  const { ctx, phone, origin } = options;
  const failures = await reserveFailure(ctx, phone, origin.ip);
  const password = decryptPassword(await ctx.passwordKey(), options.pwd);
  if (password === null) {
    await failures.giveBack();
    throw undecryptablePassword();
  }
  const user = await accounts.findUserByPhone(ctx.db, phone);
  if (!(await verifyPassword(user?.passwordHash, password)) || !user) {
    throw new AppError(Code.TOAST, PASSWORD_LOGIN_FAILED_MESSAGE);
  }
  await failures.forgive();
  return startSession(ctx, user.id, origin, false);
}

async function reserveFailure(ctx: AccountContext, phone: string, ip: string) {
  const limits = accountLimits.password;
  const phoneKey = `pwd-fail:phone:${phone}`;
  const ipKey = `pwd-fail:ip:${ip}`;
  const byPhone = await ctx.store.increment(phoneKey, limits.phoneWindowMs);
  const byIp = await ctx.store.increment(ipKey, limits.ipWindowMs);
  const giveBack = async () => {
    await ctx.store.increment(phoneKey, limits.phoneWindowMs, -1);
    await ctx.store.increment(ipKey, limits.ipWindowMs, -1);
  };
  if (byPhone.count > limits.phoneFailures || byIp.count > limits.ipFailures) {
    await giveBack();
    throw new AppError(Code.LIMITED, '密码错误次数过多，请稍后再试');
  }
  return {
    giveBack,
    /** A right password wipes the phone's failures; the address keeps the others it made. */
    forgive: async () => {
      await ctx.store.clear(phoneKey);
      await ctx.store.increment(ipKey, limits.ipWindowMs, -1);
    },
  };
}

/** `user/perfect`: the first password of an account made by code login. */
export async function setFirstPassword(options: { ctx: AccountContext; userId: number; pwd: string }) {
  const password = readNewPassword(await options.ctx.passwordKey(), options.pwd);
  const set = await accounts.setPasswordIfUnset(options.ctx.db, options.userId, await hashPassword(password));
  if (!set) throw new AppError(Code.TOAST, '您已设置过密码，如需修改请使用找回密码');
}

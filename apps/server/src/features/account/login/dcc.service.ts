import { createHash } from 'node:crypto';
import { Code } from '@dso/contract';
import { isValidPhone, maskPhone } from '@dso/domain';
import { AppError } from '../../../lib/app-error';
import type { AccountContext, RequestOrigin } from '../account.context';
import { accountLimits } from '../account.limits';
import * as accounts from '../accounts.repository';
import { startSession } from './login.service';
import { readSignedToken, signToken } from './signed-token';

/** What the sister product signs: the phone to log in and when the offer ends (seconds). */
export interface DccHandover {
  phone: string;
  exp: number;
}

const INVALID = '登录凭证无效或已过期';

/** Makes a hand-over token the way the sister product must (docs/accounts.md); used by tests too. */
export function signDccToken(secret: string, handover: DccHandover): string {
  return signToken(secret, handover);
}

/**
 * A hand-over that is signed with the shared secret, names a valid phone and has not ended. Tokens
 * promising more than five minutes are refused: the format is meant for an immediate redirect.
 */
export function readDccToken(secret: string, token: string, now: Date): DccHandover {
  const payload = readSignedToken(secret, token);
  const nowSeconds = now.getTime() / 1000;
  const maxSeconds = nowSeconds + accountLimits.dccTokenMaxLifetimeMs / 1000;
  const { phone, exp } = payload ?? {};
  if (typeof phone !== 'string' || !isValidPhone(phone)) throw AppError.badRequest(INVALID);
  if (typeof exp !== 'number' || exp <= nowSeconds || exp > maxSeconds) throw AppError.badRequest(INVALID);
  return { phone, exp };
}

/** `user/dcc_login_log`: what the confirm dialog shows, without using the token up. */
export async function previewDccLogin(options: {
  ctx: AccountContext;
  token: string;
  origin: RequestOrigin;
  now: Date;
}) {
  const { ctx } = options;
  const handover = readDccToken(ctx.config.dccSharedSecret, options.token, options.now);
  const existing = await accounts.findUserByPhone(ctx.db, handover.phone);
  ctx.log.info(
    { event: 'dcc_handover', phone: maskPhone(handover.phone), ip: options.origin.ip },
    'cross-site hand-over',
  );
  return { phone: maskPhone(handover.phone), reg: !existing };
}

/** `user/dcc_login`: spends the token, logs the phone in (registering it when new) and logs it. */
export async function dccLogin(options: { ctx: AccountContext; token: string; origin: RequestOrigin; now: Date }) {
  const { ctx, now } = options;
  const handover = readDccToken(ctx.config.dccSharedSecret, options.token, now);
  await spendHandover(ctx, options.token, handover, now);
  const { user, created } = await accounts.findOrCreateUser(ctx.db, { phone: handover.phone, channel: 'dcc' });
  ctx.log.info({ event: 'dcc_login', userId: user.id, reg: created, ip: options.origin.ip }, 'cross-site login');
  return startSession(ctx, user.id, options.origin, created);
}

/** A token works once: the first use is remembered until the token would have ended anyway. */
async function spendHandover(ctx: AccountContext, token: string, handover: DccHandover, now: Date) {
  const key = `dcc:used:${createHash('sha256').update(token).digest('hex')}`;
  const untilExpiry = handover.exp * 1000 - now.getTime() + 1000;
  if ((await ctx.store.increment(key, untilExpiry)).count > 1) throw new AppError(Code.TOAST, '登录凭证已使用');
}

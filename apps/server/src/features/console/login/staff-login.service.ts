import { randomBytes } from 'node:crypto';
import {
  CONSOLE_IDLE_MS,
  CONSOLE_LOGIN_STEP_MS,
  Code,
  type ConsoleLoginStep,
  type ConsoleMe,
  consoleMessages,
  smsTooFrequentMessage,
} from '@dso/contract';
import { type ConsoleAbility, consoleAbilities, maskPhone, roleMay } from '@dso/domain';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { RateLimitStore } from '../../../lib/rate-limit';
import type { SmsProvider } from '../../../providers/sms';
import { consumeCode, hashToken, sendCode, verifyPassword } from '../../account';
import type { StaffRow, StaffSessionRow } from '../staff/staff.repository';
import * as repository from '../staff/staff.repository';

/**
 * Staff login (docs/console.md): phone and password open a pending session and send an SMS code to the
 * staff member's phone; the code makes the session usable, under a new token. A session ends after 8
 * idle hours, at logout, or when the account is disabled.
 */

/** Password failures per phone before the login step refuses for a while. */
export const CONSOLE_PASSWORD_FAILURES_MAX = 5;
const PASSWORD_WINDOW_MS = 15 * 60 * 1000;
/** One code per staff phone a minute. */
const RESEND_MS = 60_000;

const newToken = () => randomBytes(32).toString('base64url');

export interface LoginContext {
  db: Database;
  store: RateLimitStore;
  sms: SmsProvider;
}

export interface LoginOrigin {
  ip: string;
  userAgent: string | null;
}

/**
 * The password step: 609 after five failures for the phone in 15 minutes, 300 手机号或密码错误 for an
 * unknown phone or a wrong password alike (checked against a decoy hash, so the time tells nothing),
 * 300 for a disabled account (only once the password matched). On success the browser's earlier
 * console session ends, a pending one opens and the code goes out. Answers the pending token.
 */
export async function startLogin(
  ctx: LoginContext,
  options: { phone: string; password: string; origin: LoginOrigin; previousToken: string | null; now: Date },
): Promise<{ token: string; step: ConsoleLoginStep }> {
  const { phone, now } = options;
  const failuresKey = `console:pwd-fail:${phone}`;
  if ((await ctx.store.read(failuresKey)).count >= CONSOLE_PASSWORD_FAILURES_MAX) {
    throw new AppError(Code.LIMITED, consoleMessages.tooManyTries);
  }
  const staff = await repository.findStaffByPhone(ctx.db, phone);
  if (!(await verifyPassword(staff?.passwordHash, options.password)) || !staff) {
    await ctx.store.increment(failuresKey, PASSWORD_WINDOW_MS);
    throw AppError.toast(consoleMessages.wrongLogin);
  }
  if (staff.disabledAt) throw AppError.toast(consoleMessages.disabled);
  await ctx.store.clear(failuresKey);

  const countdown = await ctx.store.increment(`console:sms:${phone}`, RESEND_MS);
  if (countdown.count > 1) {
    throw new AppError(
      Code.SERVER_ERROR,
      smsTooFrequentMessage(Math.max(1, Math.ceil(countdown.resetInMs / 1000))),
      null,
      429,
    );
  }
  if (options.previousToken) await endByToken(ctx.db, options.previousToken, 'replaced', now);
  const token = newToken();
  await repository.insertStaffSession(ctx.db, {
    staffId: staff.id,
    tokenHash: hashToken(token),
    createdAt: now,
    lastSeenAt: now,
    ip: options.origin.ip,
    userAgent: options.origin.userAgent,
  });
  try {
    await sendCode({ db: ctx.db, sms: ctx.sms, phone, purpose: 'console', ip: options.origin.ip, now });
  } catch (error) {
    await ctx.store.clear(`console:sms:${phone}`);
    throw error;
  }
  return { token, step: { phone: maskPhone(phone), expires_in: CONSOLE_LOGIN_STEP_MS / 1000 } };
}

/**
 * The SMS step: the pending session of this browser (800 请先输入手机号和密码 without one, or once its 5
 * minutes have passed) and the code sent to the staff member's phone (300 with the code's reason).
 * Answers the session's new token and who is logged in.
 */
export async function finishLogin(
  db: Database,
  options: { token: string | null; code: string; now: Date },
): Promise<{ token: string; me: ConsoleMe }> {
  const { now } = options;
  const session = options.token ? await repository.findStaffSessionByTokenHash(db, hashToken(options.token)) : null;
  const pending =
    session &&
    !session.endedAt &&
    !session.verifiedAt &&
    now.getTime() - session.createdAt.getTime() <= CONSOLE_LOGIN_STEP_MS;
  if (!session || !pending) throw new AppError(Code.TOKEN_INVALID, consoleMessages.loginFirst);
  const staff = await repository.findStaffById(db, session.staffId);
  if (!staff || staff.disabledAt) throw new AppError(Code.TOKEN_INVALID, consoleMessages.disabled);
  await consumeCode({ db, phone: staff.phone, purpose: 'console', code: options.code, now });
  const token = newToken();
  await repository.verifyStaffSession(db, session.id, hashToken(token), now);
  return { token, me: meOf(staff) };
}

/** Who is logged in, with what the role may do. */
export function meOf(staff: StaffRow): ConsoleMe {
  const abilities = (Object.keys(consoleAbilities) as ConsoleAbility[]).filter((ability) =>
    roleMay(staff.role, ability),
  );
  return { id: staff.id, name: staff.name, phone: staff.phone, role: staff.role, abilities };
}

export type StaffCheck = { staff: StaffRow; session: StaffSessionRow } | { failure: 'none' | 'idle' | 'disabled' };

/**
 * What a console cookie means now. A session unused for 8 hours ends (`idle`) at the first call that
 * finds it so; a verified, live one is touched (its idle clock starts again).
 */
export async function checkStaffToken(db: Database, token: string | null, now: Date): Promise<StaffCheck> {
  if (!token) return { failure: 'none' };
  const session = await repository.findStaffSessionByTokenHash(db, hashToken(token));
  if (!session?.verifiedAt) return { failure: 'none' };
  if (session.endedAt)
    return { failure: session.endReason === 'idle' ? 'idle' : session.endReason === 'disabled' ? 'disabled' : 'none' };
  if (now.getTime() - session.lastSeenAt.getTime() >= CONSOLE_IDLE_MS) {
    await repository.endStaffSession(db, session.id, 'idle', now);
    return { failure: 'idle' };
  }
  const staff = await repository.findStaffById(db, session.staffId);
  if (!staff || staff.disabledAt) return { failure: 'disabled' };
  await repository.touchStaffSession(db, session.id, now);
  return { staff, session };
}

/** Ends the session behind a token, if it is live (logout, or a new login in the same browser). */
export async function endByToken(db: Database, token: string, reason: string, now: Date) {
  const session = await repository.findStaffSessionByTokenHash(db, hashToken(token));
  if (session) await repository.endStaffSession(db, session.id, reason, now);
}

import { ACCOUNT_CLOSURE_COOLING_OFF_DAYS, accountClosureMessages, Code } from '@dso/contract';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { findUserById } from '../accounts.repository';
import { deleteUserSessions, endAllUserSessions } from '../sessions';
import { consumeCode } from '../sms/sms-code.service';
import * as closures from './closure.repository';

/*
 * The closure records of 注销账号 (docs/accounts.md): the request and its cooling-off period, the
 * withdrawal by a login, and the account row's anonymisation. The erasure job (closure.service.ts)
 * calls these around the other features' steps.
 */

const DAY_MS = 86_400_000;

export type { ClosureRow } from './closure.repository';
export { claimErasure, erasedPhoneOf, findClosure, markErased } from './closure.repository';

/**
 * Records the owner's request, proved by a `close` code sent to the account's phone. A second submit
 * while one is open answers that one. The caller ends the sessions once the rest of the request is
 * done ({@link endSessionsForClosure}).
 */
export async function recordClosureRequest(options: { db: Database; userId: number; code: string; now: Date }) {
  const { db, userId, now } = options;
  const user = await findUserById(db, userId);
  if (!user) throw new AppError(Code.TOKEN_INVALID, '请先登录');
  await consumeCode({ db, phone: user.phone, purpose: 'close', code: options.code, now });
  const eraseAt = new Date(now.getTime() + ACCOUNT_CLOSURE_COOLING_OFF_DAYS * DAY_MS);
  const inserted = await closures.insertClosureIfNoneOpen(db, { userId, requestedAt: now, eraseAt });
  const closure = inserted ?? (await closures.findOpenClosure(db, userId));
  if (!closure) throw new Error(`closure of user ${userId} vanished between insert and select`);
  return closure;
}

/** Logs the account out everywhere: logging in again is how the owner withdraws the request. */
export async function endSessionsForClosure(db: Database, userId: number) {
  await endAllUserSessions(db, userId, 'closure');
}

/**
 * Every login calls this before opening its session: a pending request is withdrawn (true, and the
 * client tells the user so); during the erasure itself the login is refused.
 */
export async function withdrawClosureOnLogin(db: Database, userId: number, now: Date): Promise<boolean> {
  if (await closures.cancelPendingClosure(db, userId, now)) return true;
  const open = await closures.findOpenClosure(db, userId);
  if (open?.status === 'erasing') throw new AppError(Code.TOAST, accountClosureMessages.erasing);
  return false;
}

/** The accounts feature's erasure: sessions deleted, the account row and its codes anonymised. Idempotent. */
export async function eraseAccountRecords(db: Database, userId: number) {
  await deleteUserSessions(db, userId);
  await closures.anonymiseAccountRow(db, userId);
}

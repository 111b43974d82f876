import { consoleMessages } from '@dso/contract';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { hashPassword, verifyPassword } from '../../account';
import { type Actor, auditedChange, recordAudit } from '../audit/audit.service';
import * as repository from './staff.repository';
import { lockEnabledStaff, staffState, staffSubject } from './staff.service';

/**
 * Staff passwords (docs/console.md): an 管理员 resets another account's (a forgotten password), and
 * every staff member changes their own. The audit log keeps who and when, never a hash.
 */

/**
 * Sets another staff account's password and ends its sessions, audited in the same transaction. 404 for
 * no such account; 300 for a disabled one, or for the acting 管理员's own (they change it knowing the old one).
 */
export async function resetStaffPassword(
  db: Database,
  actor: Actor,
  options: { id: number; password: string; reason: string; now: Date },
): Promise<{ endedSessions: number; auditId: number }> {
  if (actor?.id === options.id) throw AppError.toast(consoleMessages.staffSelfReset);
  const passwordHash = await hashPassword(options.password);
  const entry = { actor, reason: options.reason, action: 'staff.reset_password' } as const;
  const done = await auditedChange(db, entry, async (tx) => {
    const before = await lockEnabledStaff(tx, options.id);
    await repository.setStaffPassword(tx, options.id, passwordHash);
    const endedSessions = await repository.endSessionsOfStaff(tx, options.id, 'password', options.now);
    return {
      subject: staffSubject(options.id),
      before: staffState(before),
      after: { password_changed: true, ended_sessions: endedSessions },
      answer: endedSessions,
    };
  });
  return { endedSessions: done.answer, auditId: done.auditId };
}

/**
 * A staff member's own new password, given the old one (300 原密码错误; 300 when it is the same). Their
 * other sessions end; the one asking stays logged in.
 */
export async function changeOwnPassword(
  db: Database,
  options: { staffId: number; sessionId: number; oldPassword: string; newPassword: string; now: Date },
): Promise<{ endedSessions: number }> {
  const staff = await repository.findStaffById(db, options.staffId);
  if (!staff || !(await verifyPassword(staff.passwordHash, options.oldPassword))) {
    throw AppError.toast(consoleMessages.oldPasswordWrong);
  }
  if (options.oldPassword === options.newPassword) throw AppError.toast(consoleMessages.passwordUnchanged);
  const passwordHash = await hashPassword(options.newPassword);
  return db.transaction(async (tx) => {
    await repository.setStaffPassword(tx, staff.id, passwordHash);
    const endedSessions = await repository.endSessionsOfStaff(tx, staff.id, 'password', options.now, options.sessionId);
    await recordAudit(tx, {
      actor: { id: staff.id, name: staff.name },
      action: 'staff.password',
      subject: staffSubject(staff.id),
      before: null,
      after: { password_changed: true, ended_sessions: endedSessions },
      reason: '本人修改密码',
    });
    return { endedSessions };
  });
}

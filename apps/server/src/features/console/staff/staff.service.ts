import { Code, type ConsoleStaff, consoleMessages, type consoleStaffCreateBodySchema } from '@dso/contract';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { unixSeconds } from '../../../lib/unix-seconds';
import { hashPassword } from '../../account';
import { type Actor, auditedChange } from '../audit/audit.service';
import type { StaffRow } from './staff.repository';
import * as repository from './staff.repository';

/** What the audit log keeps of a staff account (never its password hash). */
export function staffState(row: StaffRow) {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    role: row.role,
    disabled: row.disabledAt !== null,
  };
}

/** The audit log's subject of a staff account. */
export const staffSubject = (id: number) => `staff:${id}`;

/** Locks a staff account for a change: 404 for no such account, 300 for one already disabled. */
export async function lockEnabledStaff(tx: Database, id: number): Promise<StaffRow> {
  const row = await repository.lockStaff(tx, id);
  if (!row) throw new AppError(Code.NOT_FOUND, consoleMessages.staffNotFound);
  if (row.disabledAt) throw AppError.toast(consoleMessages.staffAlreadyDisabled);
  return row;
}

function toStaff(row: StaffRow, lastSeenAt: Date | null): ConsoleStaff {
  return {
    ...staffState(row),
    create_time: unixSeconds(row.createdAt),
    last_seen_time: unixSeconds(lastSeenAt),
  };
}

export async function listStaff(db: Database): Promise<ConsoleStaff[]> {
  return (await repository.selectStaff(db)).map((row) =>
    toStaff(row.staff, row.lastSeenAt ? new Date(row.lastSeenAt) : null),
  );
}

/**
 * Creates a staff account (an 管理员 in the console, or `npm run console -- staff:add`), audited in the
 * same transaction. 300 when the phone already has one.
 */
export async function createStaff(
  db: Database,
  actor: Actor,
  body: z.output<typeof consoleStaffCreateBodySchema>,
): Promise<ConsoleStaff> {
  const passwordHash = await hashPassword(body.password);
  const done = await auditedChange(db, { actor, reason: body.reason, action: 'staff.create' }, async (tx) => {
    const row = await repository.insertStaff(tx, {
      phone: body.phone,
      name: body.name,
      role: body.role,
      passwordHash,
    });
    if (!row) throw AppError.toast(consoleMessages.staffExists);
    return { subject: staffSubject(row.id), before: null, after: staffState(row), answer: toStaff(row, null) };
  });
  return done.answer;
}

/**
 * Disables a staff account and ends its sessions at once, audited in the same transaction. 404 for no
 * such account, 300 for one already disabled or for the acting 管理员's own.
 */
export async function disableStaff(
  db: Database,
  actor: Actor,
  options: { id: number; reason: string; now: Date },
): Promise<{ staff: ConsoleStaff; endedSessions: number; auditId: number }> {
  if (actor?.id === options.id) throw AppError.toast(consoleMessages.staffSelf);
  const done = await auditedChange(db, { actor, reason: options.reason, action: 'staff.disable' }, async (tx) => {
    const before = await lockEnabledStaff(tx, options.id);
    const after = await repository.markStaffDisabled(tx, options.id, options.now);
    const endedSessions = await repository.endSessionsOfStaff(tx, options.id, 'disabled', options.now);
    return {
      subject: staffSubject(options.id),
      before: staffState(before),
      after: { ...staffState(after), ended_sessions: endedSessions },
      answer: { staff: toStaff(after, null), endedSessions },
    };
  });
  return { ...done.answer, auditId: done.auditId };
}

/** A staff account by phone, for the CLI's disable by phone. */
export async function findStaffIdByPhone(db: Database, phone: string): Promise<number | null> {
  return (await repository.findStaffByPhone(db, phone))?.id ?? null;
}

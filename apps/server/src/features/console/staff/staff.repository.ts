import { and, asc, eq, isNull, max, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { staffAccounts, staffSessions } from '../../../db/schema';
import { findRowByKey, lockRowByKey } from '../../../lib/row-by-key';

export type StaffRow = typeof staffAccounts.$inferSelect;
export type StaffSessionRow = typeof staffSessions.$inferSelect;

export function findStaffByPhone(db: Database, phone: string) {
  return findRowByKey(db, staffAccounts, staffAccounts.phone, phone);
}

export function findStaffById(db: Database, id: number) {
  return findRowByKey(db, staffAccounts, staffAccounts.id, id);
}

/** Locks a staff row for the rest of the transaction (disabling it against a concurrent login). */
export function lockStaff(tx: Database, id: number) {
  return lockRowByKey(tx, staffAccounts, staffAccounts.id, id);
}

/** Inserts a staff account; undefined when the phone already has one. */
export async function insertStaff(db: Database, values: typeof staffAccounts.$inferInsert) {
  const [row] = await db
    .insert(staffAccounts)
    .values(values)
    .onConflictDoNothing({ target: staffAccounts.phone })
    .returning();
  return row;
}

export async function markStaffDisabled(db: Database, id: number, at: Date) {
  const [row] = await db.update(staffAccounts).set({ disabledAt: at }).where(eq(staffAccounts.id, id)).returning();
  return row!;
}

export async function setStaffPassword(db: Database, id: number, passwordHash: string) {
  const [row] = await db.update(staffAccounts).set({ passwordHash }).where(eq(staffAccounts.id, id)).returning();
  return row!;
}

/** Every staff account, oldest first, with the last time one of its sessions was used. */
export async function selectStaff(db: Database) {
  return db
    .select({ staff: staffAccounts, lastSeenAt: max(staffSessions.lastSeenAt) })
    .from(staffAccounts)
    .leftJoin(
      staffSessions,
      and(eq(staffSessions.staffId, staffAccounts.id), sql`${staffSessions.verifiedAt} is not null`),
    )
    .groupBy(staffAccounts.id)
    .orderBy(asc(staffAccounts.id));
}

// ——— Sessions ———

export async function insertStaffSession(db: Database, values: typeof staffSessions.$inferInsert) {
  const [row] = await db.insert(staffSessions).values(values).returning();
  return row!;
}

export function findStaffSessionByTokenHash(db: Database, tokenHash: string) {
  return findRowByKey(db, staffSessions, staffSessions.tokenHash, tokenHash);
}

/** Marks a pending session verified under a new token (the login's token does not survive the SMS step). */
export async function verifyStaffSession(db: Database, id: number, tokenHash: string, at: Date) {
  await db
    .update(staffSessions)
    .set({ tokenHash, verifiedAt: at, lastSeenAt: at })
    .where(and(eq(staffSessions.id, id), isNull(staffSessions.endedAt)));
}

export async function touchStaffSession(db: Database, id: number, at: Date) {
  await db.update(staffSessions).set({ lastSeenAt: at }).where(eq(staffSessions.id, id));
}

export async function endStaffSession(db: Database, id: number, reason: string, at: Date) {
  await db
    .update(staffSessions)
    .set({ endedAt: at, endReason: reason })
    .where(and(eq(staffSessions.id, id), isNull(staffSessions.endedAt)));
}

/** Ends every live session of a staff account, but for `keepSessionId` when given; answers how many. */
export async function endSessionsOfStaff(
  db: Database,
  staffId: number,
  reason: string,
  at: Date,
  keepSessionId: number | null = null,
) {
  const rows = await db
    .update(staffSessions)
    .set({ endedAt: at, endReason: reason })
    .where(
      and(
        eq(staffSessions.staffId, staffId),
        isNull(staffSessions.endedAt),
        keepSessionId === null ? undefined : ne(staffSessions.id, keepSessionId),
      ),
    )
    .returning({ id: staffSessions.id });
  return rows.length;
}

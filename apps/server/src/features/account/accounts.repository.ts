import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { conversions, serverKeys, users, wechatLoginTickets } from '../../db/schema';
import { findRowByKey } from '../../lib/row-by-key';

export type UserRow = typeof users.$inferSelect;

export function findUserByPhone(db: Database, phone: string) {
  return findRowByKey(db, users, users.phone, phone);
}

export function findUserById(db: Database, id: number) {
  return findRowByKey(db, users, users.id, id);
}

/**
 * The account of a phone, created when there is none. Insert-or-nothing first, so two concurrent
 * first logins of one phone make one account; `created` says whether this call made it.
 */
export async function findOrCreateUser(
  db: Database,
  values: { phone: string; passwordHash?: string | null; channel?: string | null; adClickId?: string | null },
): Promise<{ user: UserRow; created: boolean }> {
  const [inserted] = await db.insert(users).values(values).onConflictDoNothing({ target: users.phone }).returning();
  if (inserted) return { user: inserted, created: true };
  const existing = await findUserByPhone(db, values.phone);
  if (!existing) throw new Error(`user ${values.phone} vanished between insert and select`);
  return { user: existing, created: false };
}

export async function updatePassword(db: Database, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

/** Sets the first password; false when the account already has one. */
export async function setPasswordIfUnset(db: Database, userId: number, passwordHash: string) {
  const rows = await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.passwordHash)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Links a WeChat account; false when the phone's account is already linked to one. */
export async function linkWechatIfUnlinked(db: Database, userId: number, openId: string) {
  const rows = await db
    .update(users)
    .set({ wechatOpenId: openId, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.wechatOpenId)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Moves an account to a new phone, only from the phone it was verified with. */
export async function changePhone(db: Database, userId: number, fromPhone: string, toPhone: string) {
  const rows = await db
    .update(users)
    .set({ phone: toPhone, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.phone, fromPhone)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * A WeChat scan waiting for a phone. The WeChat feature sets `expires_at` to the end of the bind window
 * (30 minutes after the scan) when it moves a ticket to need_bind.
 */
export async function findNeedBindTicket(db: Database, openId: string, now: Date) {
  const [row] = await db
    .select({ ticket: wechatLoginTickets.ticket })
    .from(wechatLoginTickets)
    .where(
      and(
        eq(wechatLoginTickets.openId, openId),
        eq(wechatLoginTickets.status, 'need_bind'),
        gt(wechatLoginTickets.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/** Marks the need_bind tickets of a WeChat account done; false when another request got there first. */
export async function finishNeedBindTickets(db: Database, openId: string, userId: number, now: Date) {
  const rows = await db
    .update(wechatLoginTickets)
    .set({ status: 'done', userId, updatedAt: sql`now()` })
    .where(
      and(
        eq(wechatLoginTickets.openId, openId),
        eq(wechatLoginTickets.status, 'need_bind'),
        gt(wechatLoginTickets.expiresAt, now),
      ),
    )
    .returning({ ticket: wechatLoginTickets.ticket });
  return rows.length > 0;
}

/**
 * Records a conversion once per user and kind. The table has no unique key on the pair, so the user
 * row is locked first: two concurrent reports queue there and the second sees the first's row.
 */
export async function insertConversionOnce(db: Database, values: { userId: number; adClickId: string; kind: string }) {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, values.userId)).for('update');
    const [existing] = await tx
      .select({ id: conversions.id })
      .from(conversions)
      .where(and(eq(conversions.userId, values.userId), eq(conversions.kind, values.kind)))
      .limit(1);
    if (existing) return false;
    await tx.insert(conversions).values(values);
    return true;
  });
}

export async function findServerKey(db: Database, name: string) {
  const [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, name)).limit(1);
  return row;
}

/** Stores a key unless another instance stored one first; the caller then reads whichever won. */
export async function insertServerKeyIfAbsent(
  db: Database,
  values: { name: string; publicKey: string; privateKey: string },
) {
  await db.insert(serverKeys).values(values).onConflictDoNothing({ target: serverKeys.name });
}

/** The flags other features may ask about through `findAccountAccess`. */
export async function findAccessFlags(db: Database, id: number) {
  const [row] = await db
    .select({ showOriginalData: users.showOriginalData })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export async function findPhonesByIds(db: Database, ids: number[]) {
  return db.select({ id: users.id, phone: users.phone }).from(users).where(inArray(users.id, ids));
}

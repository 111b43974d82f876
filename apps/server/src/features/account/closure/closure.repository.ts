import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { accountClosures, conversions, smsCodes, smsOutbox, users, wechatLoginTickets } from '../../../db/schema';

export type ClosureRow = typeof accountClosures.$inferSelect;

/** The account's open request (pending or erasing), if any. */
export async function findOpenClosure(db: Database, userId: number): Promise<ClosureRow | undefined> {
  const [row] = await db
    .select()
    .from(accountClosures)
    .where(and(eq(accountClosures.userId, userId), inArray(accountClosures.status, ['pending', 'erasing'])))
    .limit(1);
  return row;
}

export async function findClosure(db: Database, id: number): Promise<ClosureRow | undefined> {
  const [row] = await db.select().from(accountClosures).where(eq(accountClosures.id, id)).limit(1);
  return row;
}

/** Records a request unless one is open already (a double submit): the partial unique index decides. */
export async function insertClosureIfNoneOpen(
  db: Database,
  values: { userId: number; requestedAt: Date; eraseAt: Date },
) {
  const [row] = await db.insert(accountClosures).values(values).onConflictDoNothing().returning();
  return row;
}

/** Withdraws the account's pending request; null when there was none (an erasing one stays). */
export async function cancelPendingClosure(db: Database, userId: number, now: Date) {
  const [row] = await db
    .update(accountClosures)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(and(eq(accountClosures.userId, userId), eq(accountClosures.status, 'pending')))
    .returning({ id: accountClosures.id });
  return row ?? null;
}

/**
 * Moves a due pending request to erasing, or finds it erasing already (an erasure resumed after a
 * crash); null when it was withdrawn, erased or is not due. The status test in the UPDATE makes this
 * and a login's withdrawal exclusive: whichever commits first wins.
 */
export async function claimErasure(db: Database, id: number, now: Date) {
  const [row] = await db
    .update(accountClosures)
    .set({ status: 'erasing' })
    .where(
      and(
        eq(accountClosures.id, id),
        or(
          eq(accountClosures.status, 'erasing'),
          and(eq(accountClosures.status, 'pending'), lte(accountClosures.eraseAt, now)),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

export async function markErased(db: Database, id: number, now: Date) {
  await db
    .update(accountClosures)
    .set({ status: 'erased', erasedAt: now })
    .where(and(eq(accountClosures.id, id), eq(accountClosures.status, 'erasing')));
}

/** What stands in for an erased account's phone: unique, and never a valid phone (it has letters). */
export const erasedPhoneOf = (userId: number) => `closed:${userId}`;

/**
 * Strips the account row of everything that identifies its owner, and the accounts feature's other
 * rows of them: codes and SMS records of the phone, paid-search conversions and WeChat login tickets.
 * The row itself stays: orders and invoices kept for bookkeeping point at it. Idempotent.
 */
export async function anonymiseAccountRow(db: Database, userId: number) {
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) return;
    const erasedPhone = erasedPhoneOf(userId);
    await tx.delete(smsCodes).where(eq(smsCodes.phone, user.phone));
    // The outbox is the record of what the SMS vendor was paid for: kept, without the number.
    await tx.update(smsOutbox).set({ phone: erasedPhone, content: '' }).where(eq(smsOutbox.phone, user.phone));
    await tx.delete(conversions).where(eq(conversions.userId, userId));
    const tickets = user.wechatOpenId
      ? or(eq(wechatLoginTickets.userId, userId), eq(wechatLoginTickets.openId, user.wechatOpenId))
      : eq(wechatLoginTickets.userId, userId);
    await tx.delete(wechatLoginTickets).where(tickets);
    await tx
      .update(users)
      .set({
        phone: erasedPhone,
        passwordHash: null,
        wechatOpenId: null,
        nickname: '',
        avatar: '',
        grade: 'FREE',
        gradeEndsAt: null,
        roleId: 0,
        showOriginalData: false,
        permissionVersionCode: null,
        showOld: false,
        channel: null,
        adClickId: null,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
  });
}

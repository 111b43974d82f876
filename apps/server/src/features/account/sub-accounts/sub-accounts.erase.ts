import { and, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { subAccountLinks } from '../../../db/schema';
import * as repository from './sub-accounts.repository';
import { type LinkRow, lockPhone, openStatuses, updateLink } from './sub-accounts.repository';

/** What a closed child account's links show instead of its phone, in its former parent's list. */
export const CLOSED_CHILD_PHONE = '已注销账号';

/** An open link's end: an active link is unbound, a pending invite withdrawn. */
async function endLink(tx: Database, link: LinkRow, now: Date) {
  if (link.status === 'active') await updateLink(tx, link.id, { status: 'unbound', unBindAt: now });
  else if (link.status === 'pending') await updateLink(tx, link.id, { status: 'cancelled', unBindAt: now });
}

/**
 * 注销账号, before the account's data goes: every link it is part of is dissolved. As a parent its
 * children stop sharing its rights and its invites are withdrawn; as a child (or invitee) its link
 * ends and the phone in the parent's list is replaced. Each phone's changes take its lock, as every
 * other link change does. Idempotent.
 */
export async function dissolveLinksOfClosedAccount(db: Database, userId: number, now = new Date()): Promise<void> {
  const user = await repository.findUserById(db, userId);
  if (!user) return;
  const asParent = await db
    .select()
    .from(subAccountLinks)
    .where(and(eq(subAccountLinks.parentUserId, userId), inArray(subAccountLinks.status, openStatuses)));
  for (const link of asParent) {
    await db.transaction(async (tx) => {
      await lockPhone(tx, link.childPhone);
      const current = await repository.findLink(tx, link.id);
      if (current) await endLink(tx, current, now);
    });
  }
  await db.transaction(async (tx) => {
    await lockPhone(tx, user.phone);
    const mine = or(eq(subAccountLinks.childUserId, userId), eq(subAccountLinks.childPhone, user.phone));
    const asChild = await tx.select().from(subAccountLinks).where(mine);
    for (const link of asChild.filter((row) => row.parentUserId !== userId)) await endLink(tx, link, now);
    await tx.update(subAccountLinks).set({ childPhone: CLOSED_CHILD_PHONE }).where(mine);
  });
}

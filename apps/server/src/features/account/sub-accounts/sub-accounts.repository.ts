import { and, desc, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { subAccountLinks, users } from '../../../db/schema';
import { findRowByKey } from '../../../lib/row-by-key';

export type LinkRow = typeof subAccountLinks.$inferSelect;
export type LinkStatus = 'pending' | 'active' | 'refused' | 'cancelled' | 'unbound';

/** Statuses that hold a seat and keep the phone from other parents. */
export const openStatuses: LinkStatus[] = ['pending', 'active'];

/**
 * Serialises every change that concerns one child phone (invites from any parent, answers, ends):
 * the table has no unique key that could keep a phone to one open link, so the lock does.
 */
export async function lockPhone(tx: Database, phone: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sub-account-phone:${phone}`}, 0))`);
}

/** Locks the parent's row so two invites cannot both take its last seat. */
export async function lockUser(tx: Database, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** A user by id or phone: the account's own lookups, which this repository's callers read through it. */
export { findUserById, findUserByPhone } from '../accounts.repository';

export function findLink(db: Database, id: number) {
  return findRowByKey(db, subAccountLinks, subAccountLinks.id, id);
}

/** Open links of a phone (or of the account now holding it), newest first. */
export async function selectOpenLinksOf(db: Database, phone: string, userId: number | null) {
  const who =
    userId === null
      ? eq(subAccountLinks.childPhone, phone)
      : or(eq(subAccountLinks.childPhone, phone), eq(subAccountLinks.childUserId, userId));
  return db
    .select()
    .from(subAccountLinks)
    .where(and(who, inArray(subAccountLinks.status, openStatuses)))
    .orderBy(desc(subAccountLinks.id));
}

export async function countOpenLinksOfParent(db: Database, parentUserId: number) {
  return db.$count(
    subAccountLinks,
    and(eq(subAccountLinks.parentUserId, parentUserId), inArray(subAccountLinks.status, openStatuses)),
  );
}

export async function findActiveLinkOfChild(db: Database, childUserId: number) {
  const [row] = await db
    .select()
    .from(subAccountLinks)
    .where(and(eq(subAccountLinks.childUserId, childUserId), eq(subAccountLinks.status, 'active')))
    .orderBy(desc(subAccountLinks.id))
    .limit(1);
  return row;
}

/**
 * The parent's newest closed link (refused, cancelled or ended) to a phone: a new invite of the phone
 * reopens it, so the list keeps one row per phone.
 */
export async function findClosedLinkOfParent(db: Database, parentUserId: number, phone: string) {
  const [row] = await db
    .select()
    .from(subAccountLinks)
    .where(
      and(
        eq(subAccountLinks.parentUserId, parentUserId),
        eq(subAccountLinks.childPhone, phone),
        notInArray(subAccountLinks.status, openStatuses),
      ),
    )
    .orderBy(desc(subAccountLinks.id))
    .limit(1);
  return row;
}

export async function insertLink(
  db: Database,
  values: { parentUserId: number; childPhone: string; childUserId: number | null; now: Date },
) {
  const [row] = await db
    .insert(subAccountLinks)
    .values({
      parentUserId: values.parentUserId,
      childPhone: values.childPhone,
      childUserId: values.childUserId,
      status: 'pending',
      createdAt: values.now,
    })
    .returning();
  return row!;
}

/** Moves a link to a new status; the caller holds the phone lock and has checked the transition. */
export async function updateLink(
  db: Database,
  id: number,
  set: Partial<Pick<LinkRow, 'status' | 'childUserId' | 'unBindAt' | 'respondedAt' | 'createdAt'>>,
) {
  const [row] = await db.update(subAccountLinks).set(set).where(eq(subAccountLinks.id, id)).returning();
  return row!;
}

/**
 * Statuses the parent's list shows: open invites, children, refusals and links that ended (a child
 * that unbound itself must not just vanish from its parent's list). Invites the parent withdrew drop out.
 */
const listedStatuses: LinkStatus[] = ['pending', 'active', 'refused', 'unbound'];

/** The parent's list, newest invite first. */
export async function selectLinksOfParent(db: Database, parentUserId: number) {
  return db
    .select({ link: subAccountLinks, nickname: users.nickname })
    .from(subAccountLinks)
    .leftJoin(users, eq(users.id, subAccountLinks.childUserId))
    .where(and(eq(subAccountLinks.parentUserId, parentUserId), inArray(subAccountLinks.status, listedStatuses)))
    .orderBy(desc(subAccountLinks.createdAt), desc(subAccountLinks.id));
}

/** Every link an account is in, as the parent or as the child (by id or by phone), newest first, with the parent's phone. */
export async function selectLinksOfAccount(db: Database, user: { id: number; phone: string }) {
  return db
    .select({ link: subAccountLinks, parentPhone: users.phone })
    .from(subAccountLinks)
    .innerJoin(users, eq(users.id, subAccountLinks.parentUserId))
    .where(
      or(
        eq(subAccountLinks.parentUserId, user.id),
        eq(subAccountLinks.childUserId, user.id),
        eq(subAccountLinks.childPhone, user.phone),
      ),
    )
    .orderBy(desc(subAccountLinks.createdAt), desc(subAccountLinks.id))
    .limit(100);
}

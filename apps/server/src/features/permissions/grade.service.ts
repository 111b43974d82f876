import { type Grade, normalizeGrade } from '@dso/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { subAccountLinks, users } from '../../db/schema';

export interface EffectiveGrade {
  grade: Grade;
  /** When the grade lapses (the parent's end for a child account); null for FREE or no end. */
  endsAt: Date | null;
  /** The parent whose grade a child account shares, or null for an account on its own grade. */
  parent: { phone: string } | null;
}

interface GradeRow {
  grade: string;
  gradeEndsAt: Date | null;
}

/**
 * A purchased grade counts until `grade_ends_at`; from that instant on the member is FREE. A paid
 * grade without an end date is treated as open-ended (seeded or granted by hand).
 */
export function ownGrade(row: GradeRow, now: Date): { grade: Grade; endsAt: Date | null } {
  const grade = normalizeGrade(row.grade);
  if (grade === 'FREE') return { grade, endsAt: null };
  if (row.gradeEndsAt && row.gradeEndsAt.getTime() <= now.getTime()) return { grade: 'FREE', endsAt: null };
  return { grade, endsAt: row.gradeEndsAt };
}

/** The effective grade with the ids the server needs: whose quota pool a user draws on. */
export interface ResolvedGrade extends EffectiveGrade {
  /** The parent's user id while the user is an active child account, else null. */
  parentUserId: number | null;
  /** The account whose counters and packs the user spends: the parent for a child, else the user. */
  poolUserId: number;
}

/**
 * The grade a user acts with (001 §4, §7): their own grade until it ends, or, while they are the
 * child of an active sub-account link, the parent's effective grade (and the parent's phone). A
 * child whose parent has lapsed to FREE is FREE too, even if the child has a grade of its own:
 * purchases are refused while bound (`assertCanPurchase`) and an invitee with a running membership
 * cannot accept, so the link decides. Unknown users are FREE.
 */
export async function getEffectiveGrade(db: Database, userId: number, now = new Date()): Promise<EffectiveGrade> {
  const { grade, endsAt, parent } = await resolveGrade(db, userId, now);
  return { grade, endsAt, parent };
}

/** {@link getEffectiveGrade} plus the parent's id and the quota pool (see docs/permissions.md). */
export async function resolveGrade(db: Database, userId: number, now = new Date()): Promise<ResolvedGrade> {
  const [own] = await db
    .select({ grade: users.grade, gradeEndsAt: users.gradeEndsAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!own) return { grade: 'FREE', endsAt: null, parent: null, parentUserId: null, poolUserId: userId };

  const [link] = await db
    .select({ id: users.id, phone: users.phone, grade: users.grade, gradeEndsAt: users.gradeEndsAt })
    .from(subAccountLinks)
    .innerJoin(users, eq(users.id, subAccountLinks.parentUserId))
    .where(and(eq(subAccountLinks.childUserId, userId), eq(subAccountLinks.status, 'active')))
    .orderBy(desc(subAccountLinks.id))
    .limit(1);
  if (link) {
    return { ...ownGrade(link, now), parent: { phone: link.phone }, parentUserId: link.id, poolUserId: link.id };
  }
  return { ...ownGrade(own, now), parent: null, parentUserId: null, poolUserId: userId };
}

/** An account's own purchased grade, locked for a change (see {@link setOwnGrade}). */
export interface LockedGrade {
  /** The grade that counts now: FREE once `grade_ends_at` has passed. */
  grade: Grade;
  endsAt: Date | null;
}

/**
 * Locks the account row for the rest of the transaction and answers its own grade, so two grants
 * (a payment notification and a card, or two notifications on two instances) apply one after the
 * other. Null for an unknown account.
 */
export async function lockOwnGrade(tx: Database, userId: number, now: Date): Promise<LockedGrade | null> {
  const [row] = await tx
    .select({ grade: users.grade, gradeEndsAt: users.gradeEndsAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ? ownGrade(row, now) : null;
}

/** Sets an account's own grade and its end; only the orders feature's grants call it, inside the lock. */
export async function setOwnGrade(tx: Database, userId: number, grade: Grade, endsAt: Date) {
  await tx.update(users).set({ grade, gradeEndsAt: endsAt, updatedAt: new Date() }).where(eq(users.id, userId));
}

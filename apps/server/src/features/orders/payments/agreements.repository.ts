import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { paymentAgreements, plans } from '../../../db/schema';

/*
 * 周期扣款 agreements: signing → active → ending → ended. `ending` means we charge no more and the
 * agreement still has to be unsigned at the vendor (after the transaction that ended it, retried by
 * the maintenance job until the vendor confirms); `ended` means nothing is left to do.
 */

export type AgreementRow = typeof paymentAgreements.$inferSelect;

/** An agreement that may still charge: signed with its first payment, or being signed. */
const RUNNING = ['signing', 'active'];

/**
 * Stops the user's running 连续包月 in the caller's transaction: no charge is made from now on, and
 * each waits as `ending` to be unsigned at the vendor. With `exceptGrade`, agreements of that grade's
 * plans keep running (an upgrade ends the old grade's, not one the buyer signs for the new grade); a
 * plan that no longer exists counts as another grade.
 * Answers the agreements it stopped.
 */
export async function markAgreementsEnding(
  db: Database,
  options: { userId: number; now: Date; exceptGrade?: string },
): Promise<AgreementRow[]> {
  const { userId, now, exceptGrade } = options;
  return db
    .update(paymentAgreements)
    .set({ status: 'ending', endedAt: now })
    .where(
      and(
        eq(paymentAgreements.userId, userId),
        inArray(paymentAgreements.status, RUNNING),
        exceptGrade
          ? notInArray(
              paymentAgreements.planId,
              db.select({ id: plans.id }).from(plans).where(eq(plans.grade, exceptGrade)),
            )
          : undefined,
      ),
    )
    .returning();
}

/** Agreements waiting to be unsigned at the vendor: one user's, or everyone's (the maintenance job). */
export async function selectEndingAgreements(db: Database, userId?: number, limit = 100) {
  return db
    .select()
    .from(paymentAgreements)
    .where(
      and(
        eq(paymentAgreements.status, 'ending'),
        userId === undefined ? undefined : eq(paymentAgreements.userId, userId),
      ),
    )
    .orderBy(paymentAgreements.endedAt)
    .limit(limit);
}

/** The vendor has no more of it (unsigned now, before, or never signed): nothing is left to do. */
export async function markAgreementEnded(db: Database, id: string) {
  await db
    .update(paymentAgreements)
    .set({ status: 'ended' })
    .where(and(eq(paymentAgreements.id, id), eq(paymentAgreements.status, 'ending')));
}

/** The user's active agreement shown in 我的订单 (the latest, should there be several), if any. */
export async function findActiveAgreement(db: Database, userId: number) {
  const [agreement] = await db
    .select()
    .from(paymentAgreements)
    .where(and(eq(paymentAgreements.userId, userId), eq(paymentAgreements.status, 'active')))
    .orderBy(desc(paymentAgreements.createdAt))
    .limit(1);
  return agreement;
}

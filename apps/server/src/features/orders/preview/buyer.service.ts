import type { Grade } from '@dso/domain';
import type { Database } from '../../../db/client';
import { getEffectiveGrade } from '../../permissions';
import { remainingMembershipValue } from '../membership/membership.service';
import { hasPaidOrder } from '../orders.repository';

/** What prices depend on about the buyer. */
export interface Buyer {
  userId: number;
  /** The grade the account acts with now. */
  grade: Grade;
  gradeEndsAt: Date | null;
  /** Never paid: `new_user_price` applies. */
  isNewUser: boolean;
  /** A child account shares its parent's grade and cannot buy (001 §5). */
  isChild: boolean;
  /** The value left in the running membership (0 for FREE). */
  remainingFen: number;
}

export async function loadBuyer(db: Database, userId: number, now: Date): Promise<Buyer> {
  const effective = await getEffectiveGrade(db, userId, now);
  const [isPaid, remainingFen] = await Promise.all([
    hasPaidOrder(db, userId),
    effective.parent ? 0 : remainingMembershipValue(db, userId, effective.grade, now),
  ]);
  return {
    userId,
    grade: effective.grade,
    gradeEndsAt: effective.endsAt,
    isNewUser: !isPaid,
    isChild: Boolean(effective.parent),
    remainingFen,
  };
}

/** The deduction an upgrade to `grade` gets (`dis_price`): the rest of another running grade, else 0. */
export function deductionFor(buyer: Buyer | null, grade: string): number {
  if (!buyer || buyer.grade === 'FREE' || buyer.grade === grade) return 0;
  return buyer.remainingFen;
}

import { type Grade, grantPeriod, remainingValueFen } from '@dso/domain';
import type { Database } from '../../../db/client';
import { lockOwnGrade, setOwnGrade } from '../../permissions';
import { markAgreementsEnding } from '../payments/agreements.repository';
import * as repository from './membership.repository';

/**
 * Membership periods (001 §4): what a payment or a card grants, and what is left of a running
 * membership when upgrading. Grades themselves belong to the permissions feature; this module keeps
 * the periods behind them and moves the grade through its public functions.
 */

export interface GrantOptions {
  userId: number;
  grade: Grade;
  days: number;
  /** What the period was paid for, in fen (a card's face value). */
  valueFen: number;
  /** `order:<id>` or `card:<code>`: a source grants once, however often it is applied. */
  source: string;
  now: Date;
}

export interface GrantResult {
  startsAt: Date;
  endsAt: Date;
  /** False when the source had already been granted (a duplicate notification). */
  created: boolean;
}

/**
 * Grants a period inside the caller's transaction, under the account lock:
 * 1. a source already granted answers its period unchanged (idempotent under retries);
 * 2. the same grade still running is extended from its end;
 * 3. any other running grade ends now, its rest converted (an upgrade's `dis_price`, a card's
 *    OFFSET), and the new grade starts now; its 连续包月 ends with it (no further charge; the caller
 *    unsigns it at the vendor once this transaction has committed, see unsignEndingAgreements);
 * 4. the account's grade and end move to the new period's.
 */
export async function grantMembership(tx: Database, options: GrantOptions): Promise<GrantResult> {
  const { userId, grade, days, valueFen, source, now } = options;
  const current = await lockOwnGrade(tx, userId, now);
  if (!current) throw new Error(`No account ${userId} to grant ${source} to`);
  const existing = await repository.findGrantBySource(tx, source);
  if (existing) return { startsAt: existing.startsAt, endsAt: existing.endsAt, created: false };

  const period = grantPeriod(current, { grade, days }, now);
  if (current.grade !== 'FREE' && current.grade !== grade) {
    await repository.endRunningGrants(tx, userId, now);
    // A renewal of the replaced grade would charge for it and put the account back on it.
    await markAgreementsEnding(tx, { userId, now, exceptGrade: grade });
  }
  await repository.insertGrant(tx, {
    userId,
    grade,
    startsAt: period.startsAt,
    endsAt: period.endsAt,
    valueFen,
    source,
  });
  await setOwnGrade(tx, userId, grade, period.endsAt);
  return { ...period, created: true };
}

/**
 * The value left in a member's running membership (`dis_price`, 001 §3): the paid value of each
 * running period of the current grade in proportion to its time left. Periods granted by hand (no
 * grant row) are worth nothing here.
 */
export async function remainingMembershipValue(db: Database, userId: number, grade: Grade, now: Date) {
  if (grade === 'FREE') return 0;
  return remainingValueFen(await repository.selectRunningGrants(db, userId, now), grade, now);
}

/** A granted period as it holds now. */
export interface EffectivePeriod {
  /** Null when it was replaced before it began (a period queued after the running one). */
  startsAt: Date | null;
  endsAt: Date | null;
  /**
   * Why it ended before its end: `upgrade`, its rest deducted from a bought grade's price (会员抵扣),
   * or `card`, a card of another grade offset it. Null when it runs (ran) its full length.
   */
  cutBy: 'upgrade' | 'card' | null;
}

/**
 * Each source's period (`order:<id>`) as it holds now: up to where a conversion ended it, the reason
 * read from the grant that replaced it. Sources without a grant are left out.
 */
export async function effectivePeriods(db: Database, sources: readonly string[]) {
  const periods = new Map<string, EffectivePeriod>();
  for (const grant of await repository.selectGrantsWithSuccessor(db, sources)) {
    const { startsAt, endsAt, endedAt } = grant;
    if (!endedAt || endedAt >= endsAt) {
      periods.set(grant.source, { startsAt, endsAt, cutBy: null });
      continue;
    }
    const cutBy = grant.successorSource?.startsWith('card:') ? 'card' : 'upgrade';
    periods.set(
      grant.source,
      endedAt <= startsAt ? { startsAt: null, endsAt: null, cutBy } : { startsAt, endsAt: endedAt, cutBy },
    );
  }
  return periods;
}

import { type Grade, grantPeriod, remainingValueFen } from '@dso/domain';
import type { Database } from '../../../db/client';
import { lockOwnGrade, setOwnGrade } from '../../permissions/permissions.service';
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
 *    OFFSET), and the new grade starts now;
 * 4. the account's grade and end move to the new period's.
 */
export async function grantMembership(tx: Database, options: GrantOptions): Promise<GrantResult> {
  const { userId, grade, days, valueFen, source, now } = options;
  const current = await lockOwnGrade(tx, userId, now);
  if (!current) throw new Error(`No account ${userId} to grant ${source} to`);
  const existing = await repository.findGrantBySource(tx, source);
  if (existing) return { startsAt: existing.startsAt, endsAt: existing.endsAt, created: false };

  const period = grantPeriod(current, { grade, days }, now);
  if (current.grade !== 'FREE' && current.grade !== grade) await repository.endRunningGrants(tx, userId, now);
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

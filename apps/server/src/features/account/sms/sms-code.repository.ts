import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { smsCodes } from '../../../db/schema';

export async function insertCode(
  db: Database,
  values: { phone: string; purpose: string; codeHash: string; expiresAt: Date; ip: string },
) {
  await db.insert(smsCodes).values(values);
}

/** The newest code of a phone and purpose: a new send supersedes the ones before it. */
export async function findLatestCode(db: Database, phone: string, purpose: string) {
  const [row] = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose)))
    .orderBy(desc(smsCodes.id))
    .limit(1);
  return row;
}

/**
 * One try at a code, in one statement: a matching hash consumes it, anything else counts a wrong
 * try. The conditions are checked again on the row as it is updated, so of concurrent tries only
 * one can consume it and wrong tries stop counting at the limit. No row back: the code was already
 * dead (consumed, expired, out of tries).
 */
export async function tryCode(
  db: Database,
  options: { id: number; codeHash: string; now: Date; maxWrongTries: number },
) {
  const matches = sql`${smsCodes.codeHash} = ${options.codeHash}`;
  const [row] = await db
    .update(smsCodes)
    .set({
      attempts: sql`${smsCodes.attempts} + case when ${matches} then 0 else 1 end`,
      consumedAt: sql`case when ${matches} then ${options.now.toISOString()}::timestamptz else null end`,
    })
    .where(
      and(
        eq(smsCodes.id, options.id),
        isNull(smsCodes.consumedAt),
        gt(smsCodes.expiresAt, options.now),
        lt(smsCodes.attempts, options.maxWrongTries),
      ),
    )
    .returning({ consumedAt: smsCodes.consumedAt, attempts: smsCodes.attempts });
  return row;
}

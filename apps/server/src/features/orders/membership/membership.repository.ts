import { and, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import { membershipGrants } from '../../../db/schema';

export type GrantRow = typeof membershipGrants.$inferSelect;

export async function findGrantBySource(db: Database, source: string) {
  const [row] = await db.select().from(membershipGrants).where(eq(membershipGrants.source, source)).limit(1);
  return row;
}

/** Grants still running (not ended by a conversion and not past their end). */
export async function selectRunningGrants(db: Database, userId: number, now: Date) {
  return db
    .select()
    .from(membershipGrants)
    .where(
      and(eq(membershipGrants.userId, userId), isNull(membershipGrants.endedAt), gt(membershipGrants.endsAt, now)),
    );
}

/** Ends every running grant: their rest was converted into an upgrade or offset by a card. */
export async function endRunningGrants(db: Database, userId: number, now: Date) {
  await db
    .update(membershipGrants)
    .set({ endedAt: now })
    .where(
      and(eq(membershipGrants.userId, userId), isNull(membershipGrants.endedAt), gt(membershipGrants.endsAt, now)),
    );
}

export async function insertGrant(db: Database, values: typeof membershipGrants.$inferInsert) {
  const [row] = await db.insert(membershipGrants).values(values).returning();
  return row!;
}

/**
 * The grants of these sources, each with the source of the grant that replaced it: a conversion ends
 * the running grants at the instant the new grant starts, in one transaction.
 */
export async function selectGrantsWithSuccessor(db: Database, sources: readonly string[]) {
  if (sources.length === 0) return [];
  const successor = alias(membershipGrants, 'successor');
  return db
    .select({
      source: membershipGrants.source,
      startsAt: membershipGrants.startsAt,
      endsAt: membershipGrants.endsAt,
      endedAt: membershipGrants.endedAt,
      successorSource: successor.source,
    })
    .from(membershipGrants)
    .leftJoin(
      successor,
      and(
        eq(successor.userId, membershipGrants.userId),
        eq(successor.startsAt, membershipGrants.endedAt),
        ne(successor.id, membershipGrants.id),
      ),
    )
    .where(inArray(membershipGrants.source, [...sources]));
}

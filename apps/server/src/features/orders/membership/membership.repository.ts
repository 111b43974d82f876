import { and, eq, gt, isNull } from 'drizzle-orm';
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

import { and, asc, count, desc, eq, isNull, max, min } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { membershipCards } from '../../../db/schema';

export type CardRow = typeof membershipCards.$inferSelect;
export type NewCard = typeof membershipCards.$inferInsert;

export async function findCard(db: Database, code: string): Promise<CardRow | undefined> {
  const [row] = await db.select().from(membershipCards).where(eq(membershipCards.code, code)).limit(1);
  return row;
}

/** Inserts cards, skipping codes that already exist; answers the codes actually inserted. */
export async function insertCardsIfNew(db: Database, rows: NewCard[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(membershipCards)
    .values(rows)
    .onConflictDoNothing({ target: membershipCards.code })
    .returning({ code: membershipCards.code });
  return inserted.map((row) => row.code);
}

/**
 * Marks an unredeemed card redeemed by the user, in one statement: of several transactions claiming
 * the same card, the first takes its row lock and the rest find `redeemed_at` set once it commits, so
 * exactly one gets the row back.
 */
export async function claimCard(tx: Database, code: string, userId: number, now: Date): Promise<CardRow | undefined> {
  const [row] = await tx
    .update(membershipCards)
    .set({ redeemedBy: userId, redeemedAt: now })
    .where(and(eq(membershipCards.code, code), isNull(membershipCards.redeemedAt)))
    .returning();
  return row;
}

/** The cards of a batch in the order they were made. */
export async function selectBatchCards(db: Database, batch: string): Promise<CardRow[]> {
  return db
    .select()
    .from(membershipCards)
    .where(eq(membershipCards.batch, batch))
    .orderBy(asc(membershipCards.createdAt), asc(membershipCards.code));
}

/** How many cards carry the batch name. */
export async function countBatchCards(db: Database, batch: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(membershipCards).where(eq(membershipCards.batch, batch));
  return row?.value ?? 0;
}

/**
 * The latest batches, newest first: each one's terms (a batch made by one call shares them; the first
 * card's stand for a batch the CLI added to later), its cards and how many were redeemed.
 */
export async function selectCardBatches(db: Database, limit: number) {
  const rows = await db
    .select({
      batch: membershipCards.batch,
      grade: min(membershipCards.grade),
      days: min(membershipCards.days),
      valueFen: min(membershipCards.valueFen),
      redeemBy: max(membershipCards.redeemBy),
      count: count(),
      redeemed: count(membershipCards.redeemedAt),
      createdAt: min(membershipCards.createdAt),
    })
    .from(membershipCards)
    .groupBy(membershipCards.batch)
    .orderBy(desc(min(membershipCards.createdAt)), asc(membershipCards.batch))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    grade: row.grade ?? '',
    days: row.days ?? 0,
    valueFen: row.valueFen ?? 0,
    createdAt: row.createdAt ?? new Date(0),
  }));
}

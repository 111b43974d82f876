import { and, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { captchas } from '../../../db/schema';

export async function insertPuzzle(
  db: Database,
  values: { id: string; targetX: number; pieceY: number; expiresAt: Date; ip: string },
) {
  await db.insert(captchas).values(values);
}

/**
 * Counts one try and returns the answer, in one statement so concurrent tries cannot exceed the
 * limit. Nothing comes back when the puzzle is unknown, solved, expired or out of tries.
 */
export async function countPuzzleAttempt(db: Database, id: string, now: Date, maxAttempts: number) {
  const [row] = await db
    .update(captchas)
    .set({ attempts: sql`${captchas.attempts} + 1` })
    .where(
      and(
        eq(captchas.id, id),
        isNull(captchas.solvedAt),
        gt(captchas.expiresAt, now),
        lt(captchas.attempts, maxAttempts),
      ),
    )
    .returning({ targetX: captchas.targetX, attempts: captchas.attempts });
  return row;
}

/** Records the solution; only the first of two concurrent right answers gets the ticket. */
export async function markPuzzleSolved(db: Database, id: string, ticket: string, now: Date) {
  const rows = await db
    .update(captchas)
    .set({ solvedAt: now, ticket })
    .where(and(eq(captchas.id, id), isNull(captchas.solvedAt)))
    .returning({ id: captchas.id });
  return rows.length > 0;
}

const ticketMatches = (randstr: string, ticket: string, solvedAfter: Date) =>
  and(
    eq(captchas.id, randstr),
    eq(captchas.ticket, ticket),
    isNotNull(captchas.solvedAt),
    gt(captchas.solvedAt, solvedAfter),
    isNull(captchas.ticketUsedAt),
  );

export async function findUsableTicket(db: Database, randstr: string, ticket: string, solvedAfter: Date) {
  const [row] = await db
    .select({ id: captchas.id })
    .from(captchas)
    .where(ticketMatches(randstr, ticket, solvedAfter))
    .limit(1);
  return row;
}

/** Spends a ticket: of two concurrent sends with one ticket, only one gets a row back. */
export async function spendTicket(db: Database, randstr: string, ticket: string, solvedAfter: Date, now: Date) {
  const rows = await db
    .update(captchas)
    .set({ ticketUsedAt: now })
    .where(ticketMatches(randstr, ticket, solvedAfter))
    .returning({ id: captchas.id });
  return rows.length > 0;
}

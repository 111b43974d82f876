import { and, asc, desc, eq, gt, gte, lt, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { usageLedger } from '../../db/schema';

/** The usage ledger's rows (docs/permissions.md, the usage ledger); only the permissions feature writes them. */

export type LedgerRow = typeof usageLedger.$inferSelect;
export type LedgerState = 'reserved' | 'settled' | 'returned';

export interface LedgerEntry {
  userId: number;
  poolUserId: number;
  alias: string;
  amount: number;
  sources: Record<string, number>;
  reason: string;
  state: LedgerState;
  returnsId?: number | null;
  requestId?: string | null;
  createdAt: Date;
  settledAt?: Date | null;
  lapsesAt?: Date | null;
}

export async function insertEntries(db: Database, entries: LedgerEntry[]): Promise<LedgerRow[]> {
  if (entries.length === 0) return [];
  return db.insert(usageLedger).values(entries).returning();
}

/**
 * The charge (not a give-back) of `alias` a request already took from this user, with its state: a reservation
 * still held, settled, or returned. Undefined when it took none.
 */
export async function findCharge(db: Database, options: { userId: number; alias: string; requestId: string }) {
  const [row] = await db
    .select({ id: usageLedger.id, state: usageLedger.state })
    .from(usageLedger)
    .where(
      and(
        eq(usageLedger.requestId, options.requestId),
        eq(usageLedger.userId, options.userId),
        eq(usageLedger.alias, options.alias),
        gt(usageLedger.amount, 0),
      ),
    )
    .orderBy(desc(usageLedger.id))
    .limit(1);
  return row as { id: number; state: LedgerState } | undefined;
}

/** Reservations still held past their lapse time, oldest lapse first, at most `limit`. */
export async function selectLapsedReservations(db: Database, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: usageLedger.id })
    .from(usageLedger)
    .where(and(eq(usageLedger.state, 'reserved'), lte(usageLedger.lapsesAt, now)))
    .orderBy(asc(usageLedger.lapsesAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Marks a reservation settled; false when it was not (or no longer) reserved. */
export async function settleReserved(db: Database, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(usageLedger)
    .set({ state: 'settled', settledAt: at })
    .where(and(eq(usageLedger.id, id), eq(usageLedger.state, 'reserved')))
    .returning({ id: usageLedger.id });
  return rows.length > 0;
}

/**
 * Marks a reservation returned and hands back its row, once: of concurrent callers only one gets it
 * (the update takes the row's lock and rechecks the state), so its units are given back once.
 */
export async function takeReservedForReturn(db: Database, id: number, at: Date): Promise<LedgerRow | undefined> {
  const [row] = await db
    .update(usageLedger)
    .set({ state: 'returned', settledAt: at })
    .where(and(eq(usageLedger.id, id), eq(usageLedger.state, 'reserved')))
    .returning();
  return row;
}

/**
 * A user's entries in [from, to): those the user made, and those made on the user's pool by its
 * child accounts. Newest first, bounded.
 */
export async function selectEntries(db: Database, userId: number, from: Date, to: Date, limit: number) {
  return db
    .select()
    .from(usageLedger)
    .where(
      and(
        or(eq(usageLedger.userId, userId), eq(usageLedger.poolUserId, userId)),
        gte(usageLedger.createdAt, from),
        lt(usageLedger.createdAt, to),
      ),
    )
    .orderBy(desc(usageLedger.createdAt), desc(usageLedger.id))
    .limit(limit);
}

/** A user's latest entries (own and those of its child accounts on its pool), newest first, bounded. */
export async function selectLatestEntries(db: Database, userId: number, limit: number) {
  return db
    .select()
    .from(usageLedger)
    .where(or(eq(usageLedger.userId, userId), eq(usageLedger.poolUserId, userId)))
    .orderBy(desc(usageLedger.createdAt), desc(usageLedger.id))
    .limit(limit);
}

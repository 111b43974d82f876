import { type Subquery, sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * Counting stops here; a batch or filtered total beyond it is reported as the cap, marked estimated.
 * One cap for every list (keywords, videos, creators, favourites, topics), so a one-character search
 * never counts millions.
 */
export const TOTAL_COUNT_CAP = 10_000;

/**
 * A total that stops at {@link TOTAL_COUNT_CAP}: `matching` selects one column of the matching rows, and is
 * cut at the cap plus one, so the answer says whether it was cut (`estimated`).
 */
export async function cappedCount(
  db: Database,
  matching: { limit(limit: number): { as(alias: 'capped'): Subquery } },
): Promise<{ total: number; estimated: boolean }> {
  const capped = matching.limit(TOTAL_COUNT_CAP + 1).as('capped');
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(capped);
  const total = Number(row?.total ?? 0);
  return { total: Math.min(total, TOTAL_COUNT_CAP), estimated: total > TOTAL_COUNT_CAP };
}

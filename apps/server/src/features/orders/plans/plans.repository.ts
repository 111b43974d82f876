import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { plans } from '../../../db/schema';

export type PlanRow = typeof plans.$inferSelect;
export type NewPlan = typeof plans.$inferInsert;

/** Enabled plans of every grade, in display order. */
export async function selectEnabledPlans(db: Database): Promise<PlanRow[]> {
  return db
    .select()
    .from(plans)
    .where(eq(plans.enabled, true))
    .orderBy(asc(plans.grade), asc(plans.sort), asc(plans.day));
}

/** The enabled plan a preview names: the continuous plan of a grade, or its one-off plan of `day` days. */
export async function findPlanFor(db: Database, grade: string, options: { cycle: boolean; day: number }) {
  const conditions = [eq(plans.grade, grade), eq(plans.enabled, true), eq(plans.hasCycle, options.cycle)];
  if (!options.cycle) conditions.push(eq(plans.day, options.day));
  const [row] = await db
    .select()
    .from(plans)
    .where(and(...conditions))
    .orderBy(asc(plans.sort), asc(plans.id))
    .limit(1);
  return row;
}

export async function findPlanById(db: Database, id: number) {
  const [row] = await db.select().from(plans).where(eq(plans.id, id)).limit(1);
  return row;
}

/** Inserts the default list only into an empty table, so an operator's prices are never overwritten. */
export async function insertPlansIfNone(db: Database, rows: NewPlan[]) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('orders:default-plans', 0))`);
    const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(plans);
    if (count === 0) await tx.insert(plans).values(rows);
  });
}

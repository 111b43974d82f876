import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { plans } from '../../../db/schema';
import type { NewPlan, PlanRow } from './plans.repository';

/*
 * The operators' writes to the plan table (the admin calls and `npm run orders -- plans …`). Reading
 * plans for the pay box stays in plans.repository.ts.
 */

/** Every plan, on sale or not, in the pay box's order. */
export async function selectAllPlans(db: Database): Promise<PlanRow[]> {
  return db.select().from(plans).orderBy(asc(plans.grade), asc(plans.sort), asc(plans.day), asc(plans.id));
}

export async function insertPlan(db: Database, values: NewPlan): Promise<PlanRow> {
  const [row] = await db.insert(plans).values(values).returning();
  return row!;
}

/** Reads a plan and locks its row until the transaction ends (an update merges into what it read). */
export async function lockPlan(tx: Database, id: number): Promise<PlanRow | undefined> {
  const [row] = await tx.select().from(plans).where(eq(plans.id, id)).for('update');
  return row;
}

export async function updatePlanRow(
  db: Database,
  id: number,
  values: Partial<Omit<NewPlan, 'id' | 'createdAt'>>,
): Promise<PlanRow | undefined> {
  const [row] = await db
    .update(plans)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(plans.id, id))
    .returning();
  return row;
}

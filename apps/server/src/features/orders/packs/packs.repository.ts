import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { frequencyPackages } from '../../../db/schema';

export type PackageRow = typeof frequencyPackages.$inferSelect;

export async function findPackageById(db: Database, id: number) {
  const [row] = await db.select().from(frequencyPackages).where(eq(frequencyPackages.id, id)).limit(1);
  return row;
}

/** Packs on sale of one type, cheapest first. */
export async function selectPackagesOfType(db: Database, frequencyType: number) {
  return db
    .select()
    .from(frequencyPackages)
    .where(and(eq(frequencyPackages.frequencyType, frequencyType), eq(frequencyPackages.enabled, true)))
    .orderBy(asc(frequencyPackages.sort), asc(frequencyPackages.priceFen));
}

/** Inserts the default packs only into an empty table. */
export async function insertPackagesIfNone(db: Database, rows: (typeof frequencyPackages.$inferInsert)[]) {
  const [any] = await db.select({ id: frequencyPackages.id }).from(frequencyPackages).limit(1);
  if (!any) await db.insert(frequencyPackages).values(rows).onConflictDoNothing();
}

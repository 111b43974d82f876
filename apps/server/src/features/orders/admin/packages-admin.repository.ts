import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { frequencyPackages } from '../../../db/schema';

/*
 * The operators' writes to the usage-count pack table (the admin calls and `npm run orders -- packages
 * …`). What the shop lists stays in packs/packs.repository.ts.
 */

export type PackageRow = typeof frequencyPackages.$inferSelect;
export type NewPackage = typeof frequencyPackages.$inferInsert;

/** Every pack, on sale or not, by type and display order. */
export async function selectAllPackages(db: Database): Promise<PackageRow[]> {
  return db
    .select()
    .from(frequencyPackages)
    .orderBy(asc(frequencyPackages.frequencyType), asc(frequencyPackages.sort), asc(frequencyPackages.id));
}

export async function insertPackage(db: Database, values: NewPackage): Promise<PackageRow> {
  const [row] = await db.insert(frequencyPackages).values(values).returning();
  return row!;
}

export async function updatePackageRow(
  db: Database,
  id: number,
  values: Partial<Omit<NewPackage, 'id' | 'createdAt'>>,
): Promise<PackageRow | undefined> {
  const [row] = await db.update(frequencyPackages).set(values).where(eq(frequencyPackages.id, id)).returning();
  return row;
}

/** The pack, locked until the transaction ends, so a change reads the state it replaces. */
export async function lockPackageRow(tx: Database, id: number): Promise<PackageRow | undefined> {
  const [row] = await tx.select().from(frequencyPackages).where(eq(frequencyPackages.id, id)).for('update');
  return row;
}

import type { Database } from '../../db/client';
import { copywriterWorks } from '../../db/schema/copywriters';
import { savedWorkRows } from '../../lib/owned-rows';

/** SQL of AI 文案: a user's saved scripts. */

export type CopywriterWorkRow = typeof copywriterWorks.$inferSelect;

export async function insertWork(
  db: Database,
  values: typeof copywriterWorks.$inferInsert,
): Promise<CopywriterWorkRow> {
  const [row] = await db.insert(copywriterWorks).values(values).returning();
  return row!;
}

/** A user's saved scripts: found, updated, paged and deleted only as their own. */
export const works = savedWorkRows(copywriterWorks);

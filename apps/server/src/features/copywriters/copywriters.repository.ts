import type { Database } from '../../db/client';
import { copywriterWorks } from '../../db/schema/copywriters';
import { deleteOwnedRow, findOwnedRow, pageOfOwnedRows, updateOwnedRow } from '../../lib/owned-rows';

/** SQL of AI 文案: a user's saved scripts. */

export type CopywriterWorkRow = typeof copywriterWorks.$inferSelect;

export async function insertWork(
  db: Database,
  values: typeof copywriterWorks.$inferInsert,
): Promise<CopywriterWorkRow> {
  const [row] = await db.insert(copywriterWorks).values(values).returning();
  return row!;
}

/** Updates a user's own script; null when it is not theirs or gone. */
export async function updateWork(
  db: Database,
  userId: number,
  id: number,
  values: Pick<CopywriterWorkRow, 'keyword' | 'title' | 'content' | 'sources' | 'sandbox'>,
): Promise<CopywriterWorkRow | null> {
  return updateOwnedRow(db, copywriterWorks, userId, id, values);
}

export function findWork(db: Database, userId: number, id: number): Promise<CopywriterWorkRow | null> {
  return findOwnedRow(db, copywriterWorks, userId, id);
}

/** A page of a user's scripts, most recently saved first. */
export function selectWorks(db: Database, userId: number, page: { limit: number; offset: number }) {
  return pageOfOwnedRows(db, copywriterWorks, userId, page);
}

/** Deletes a user's own script; false when it was not theirs or already gone. */
export function deleteWork(db: Database, userId: number, id: number): Promise<boolean> {
  return deleteOwnedRow(db, copywriterWorks, userId, id);
}

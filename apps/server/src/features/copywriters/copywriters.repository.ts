import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { copywriterWorks } from '../../db/schema/copywriters';

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
  const [row] = await db
    .update(copywriterWorks)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(copywriterWorks.id, id), eq(copywriterWorks.userId, userId)))
    .returning();
  return row ?? null;
}

export async function findWork(db: Database, userId: number, id: number): Promise<CopywriterWorkRow | null> {
  const [row] = await db
    .select()
    .from(copywriterWorks)
    .where(and(eq(copywriterWorks.id, id), eq(copywriterWorks.userId, userId)));
  return row ?? null;
}

/** A page of a user's scripts, most recently saved first. */
export async function selectWorks(db: Database, userId: number, page: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(copywriterWorks)
      .where(eq(copywriterWorks.userId, userId))
      .orderBy(desc(copywriterWorks.updatedAt), desc(copywriterWorks.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(copywriterWorks).where(eq(copywriterWorks.userId, userId)),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** Deletes a user's own script; false when it was not theirs or already gone. */
export async function deleteWork(db: Database, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(copywriterWorks)
    .where(and(eq(copywriterWorks.id, id), eq(copywriterWorks.userId, userId)))
    .returning({ id: copywriterWorks.id });
  return deleted.length > 0;
}

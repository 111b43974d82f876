import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { selectPage } from './select-page';

/*
 * The SQL every "a user's saved things" feature writes (AI 创作 and AI 文案 works, image-text works,
 * extractions, live replays): a row is the user's when its `user_id` is theirs, and another user's id
 * finds nothing, so a foreign id answers the same as a missing one.
 */

/** A table of rows a user owns: an `id` and the owner's `userId`. */
export type OwnedTable = PgTable & { id: PgColumn; userId: PgColumn };

/** Row `id` of the table, when `userId` owns it. */
export function ownedRow(table: OwnedTable, userId: number, id: number): SQL {
  return and(eq(table.id, id), eq(table.userId, userId))!;
}

/** The user's own row `id`; null when it is not theirs or gone. */
export async function findOwnedRow<T extends OwnedTable>(
  db: Database,
  table: T,
  userId: number,
  id: number,
): Promise<T['$inferSelect'] | null> {
  const [row] = await db
    .select()
    .from(table as OwnedTable)
    .where(ownedRow(table, userId, id));
  return (row as T['$inferSelect'] | undefined) ?? null;
}

/** Deletes the user's own row `id` and answers it (what the caller still cleans up); null when it was not theirs or already gone. */
export async function takeOwnedRow<T extends OwnedTable>(
  db: Database,
  table: T,
  userId: number,
  id: number,
): Promise<T['$inferSelect'] | null> {
  const [row] = await db
    .delete(table as OwnedTable)
    .where(ownedRow(table, userId, id))
    .returning();
  return (row as T['$inferSelect'] | undefined) ?? null;
}

/** Deletes the user's own row `id`; false when it was not theirs or already gone. */
export async function deleteOwnedRow(db: Database, table: OwnedTable, userId: number, id: number): Promise<boolean> {
  return (await takeOwnedRow(db, table, userId, id)) !== null;
}

/** Updates the user's own row `id` and stamps its `updatedAt`; null when it is not theirs or gone. */
export async function updateOwnedRow<T extends OwnedTable & { updatedAt: PgColumn }>(
  db: Database,
  table: T,
  userId: number,
  id: number,
  values: Partial<T['$inferInsert']>,
): Promise<T['$inferSelect'] | null> {
  const [row] = await db
    .update(table as OwnedTable)
    .set({ ...values, updatedAt: new Date() } as never)
    .where(ownedRow(table, userId, id))
    .returning();
  return (row as T['$inferSelect'] | undefined) ?? null;
}

/** A page of the user's rows, most recently saved first (then newest), with how many they have. */
export function pageOfOwnedRows<T extends OwnedTable & { updatedAt: PgColumn }>(
  db: Database,
  table: T,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: Array<T['$inferSelect']>; total: number }> {
  return selectPage(db, table, {
    where: eq(table.userId, userId),
    orderBy: [desc(table.updatedAt), desc(table.id)],
    ...page,
  });
}

/**
 * The reads and writes of a table of saved works (AI 创作, AI 文案), bound to it: the user's own row
 * found, updated (stamped) or deleted by id, and a page of their rows, most recently saved first.
 */
export function savedWorkRows<T extends OwnedTable & { updatedAt: PgColumn }>(table: T) {
  return {
    find: (db: Database, userId: number, id: number) => findOwnedRow(db, table, userId, id),
    update: (db: Database, userId: number, id: number, values: Partial<T['$inferInsert']>) =>
      updateOwnedRow(db, table, userId, id, values),
    page: (db: Database, userId: number, page: { limit: number; offset: number }) =>
      pageOfOwnedRows(db, table, userId, page),
    remove: (db: Database, userId: number, id: number) => deleteOwnedRow(db, table, userId, id),
  };
}

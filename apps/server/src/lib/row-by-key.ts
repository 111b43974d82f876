import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';

/*
 * The lookup nearly every repository writes for its table: the one row whose unique column (an id, a
 * phone, a token hash) holds a value, or that row locked for the rest of the caller's transaction.
 */

/** The row of `table` whose unique `column` equals `value`; undefined when there is none. */
export async function findRowByKey<T extends PgTable>(
  db: Database,
  table: T,
  column: PgColumn,
  value: unknown,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(eq(column, value))
    .limit(1);
  return row as T['$inferSelect'] | undefined;
}

/** The same row locked FOR UPDATE until the caller's transaction ends, so changes to it apply one at a time. */
export async function lockRowByKey<T extends PgTable>(
  tx: Database,
  table: T,
  column: PgColumn,
  value: unknown,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await tx
    .select()
    .from(table as PgTable)
    .where(eq(column, value))
    .for('update');
  return row as T['$inferSelect'] | undefined;
}

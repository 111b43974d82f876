import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';

/*
 * The lookup nearly every repository writes for its table: the one row whose unique column (an id, a
 * phone, a token hash) holds a value, or that row locked for the rest of the caller's transaction.
 */

/**
 * The row of `table` whose unique `column` equals `value`; undefined when there is none. With
 * `forUpdate` it stays locked until the caller's transaction ends, so changes to it apply one at a time.
 */
export async function findRowByKey<T extends PgTable>(
  db: Database,
  table: T,
  column: PgColumn,
  value: unknown,
  options: { forUpdate?: boolean } = {},
): Promise<T['$inferSelect'] | undefined> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(eq(column, value))
    .limit(1);
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row as T['$inferSelect'] | undefined;
}

/** The row of `table` whose unique `column` equals `value`, locked for the rest of the caller's transaction. */
export function lockRowByKey<T extends PgTable>(tx: Database, table: T, column: PgColumn, value: unknown) {
  return findRowByKey(tx, table, column, value, { forUpdate: true });
}

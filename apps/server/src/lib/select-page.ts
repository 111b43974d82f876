import { count, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Database } from '../db/client';
import { countedPage } from './page-rows';

/** Which rows a page holds: the condition, the order, and the window (from `pageWindow`). */
export interface PageOptions {
  where: SQL | undefined;
  orderBy: SQL[];
  offset: number;
  limit: number;
}

/** A page of rows and how many rows match in all. */
export interface Page<Row> {
  rows: Row[];
  total: number;
}

/**
 * One page of a table's rows and how many rows match in all, asked at the same time (countedPage).
 * The count reads the very table and condition the page does, so a list's total always agrees with its pages.
 * `columns` picks what a row carries (a list leaving out large columns); every column without it.
 */
export function selectPage<T extends PgTable>(
  db: Database,
  table: T,
  options: PageOptions,
): Promise<Page<T['$inferSelect']>>;
export function selectPage<S extends SelectedFields>(
  db: Database,
  table: PgTable,
  options: PageOptions & { columns: S },
): Promise<Page<SelectResultFields<S>>>;
export async function selectPage(
  db: Database,
  table: PgTable,
  options: PageOptions & { columns?: SelectedFields },
): Promise<Page<unknown>> {
  return countedPage(
    options.limit,
    () =>
      db
        .select(options.columns ?? getTableColumns(table))
        .from(table)
        .where(options.where)
        .orderBy(...options.orderBy)
        .offset(options.offset)
        .limit(options.limit),
    db.select({ total: count() }).from(table).where(options.where),
  );
}

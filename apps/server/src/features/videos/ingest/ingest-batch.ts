import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../db/client';

/*
 * What the ingest kinds share: a batch reduced to one row per key, rows sent as one JSON parameter, and
 * what an upsert wrote (the rows' ids by key, the count of the rows it inserted).
 */

/** One statement cannot update a row twice: within a batch the last occurrence of a key wins. */
export function lastOfEach<T>(rows: readonly T[], key: (row: T) => string): T[] {
  return [...new Map(rows.map((row) => [key(row), row])).values()];
}

/** Rows travel as one JSON parameter, unpacked by `jsonb_to_recordset` in the statement. */
export const json = (value: unknown) => JSON.stringify(value);

/**
 * Runs `upsert`, which returns `(xmax = 0) AS inserted` for each row it wrote, and counts the rows it
 * inserted: a row it updated carries the writing transaction in xmax.
 */
export async function countInserted(db: Database, upsert: SQL): Promise<number> {
  const [counted] = await queryRows<{ inserted: number }>(
    db,
    sql`WITH written AS (${upsert}) SELECT count(*) FILTER (WHERE inserted)::int AS inserted FROM written`,
  );
  return Number(counted?.inserted ?? 0);
}

/**
 * What an upsert's `RETURNING id, <key>, (xmax = 0) AS inserted` tells: each written row's id by its key,
 * and how many of the rows were new.
 */
export function writtenIds<Row extends { id: number; inserted: boolean }>(
  returned: readonly Row[],
  key: (row: Row) => string,
): { ids: Map<string, number>; inserted: number } {
  return {
    ids: new Map(returned.map((row) => [key(row), Number(row.id)])),
    inserted: returned.filter((row) => row.inserted).length,
  };
}

/*
 * What every ingest kind shares: a batch reduced to one row per key, and rows sent as one JSON parameter.
 */

/** One statement cannot update a row twice: within a batch the last occurrence of a key wins. */
export function lastOfEach<T>(rows: readonly T[], key: (row: T) => string): T[] {
  return [...new Map(rows.map((row) => [key(row), row])).values()];
}

/** Rows travel as one JSON parameter, unpacked by `jsonb_to_recordset` in the statement. */
export const json = (value: unknown) => JSON.stringify(value);

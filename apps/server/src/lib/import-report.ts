import type { ImportReport, ImportRowError } from '@dso/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client';
import { isoOf } from './iso-of';

/**
 * The report every import run answers (the contract's importReportSchema, which the video import's
 * report extends), read from the columns keyword_imports and video_imports both have.
 */

/** An import run's shared columns as raw SQL reads them (jsonb may come back as text, instants as text or Date). */
export interface ImportRunRow {
  id: number;
  source: string;
  status: string;
  total_rows: number;
  inserted_rows: number;
  updated_rows: number;
  error_rows: number;
  errors: unknown;
  failure: string | null;
  created_at: unknown;
  finished_at: unknown;
}

/** A jsonb value as the driver hands it: parsed already, or its text. */
export const jsonValue = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** The report fields of an import run that every kind of import shares. */
export function importRunReport(row: ImportRunRow) {
  return {
    id: Number(row.id),
    source: row.source,
    status: row.status as ImportReport['status'],
    total_rows: row.total_rows,
    inserted_rows: row.inserted_rows,
    updated_rows: row.updated_rows,
    error_rows: row.error_rows,
    errors: jsonValue<ImportRowError[]>(row.errors),
    failure: row.failure,
    created_at: isoOf(row.created_at),
    finished_at: row.finished_at ? isoOf(row.finished_at) : null,
  };
}

/**
 * Stores an uploaded file as a queued run of an import table (with its `kind` where the table has one) and
 * answers its id; the caller queues the job that runs it. The file travels as base64 text, decoded by the
 * database: PGlite encodes a bytea parameter in JavaScript on the event loop, which held it 15 s for an
 * 8.5 MB workbook on the loaded test machine; base64 took 1.3 s.
 */
export async function insertQueuedImport(
  db: Database,
  table: 'keyword_imports' | 'video_imports',
  run: { kind?: string; source: string; format: string; file: Buffer; createdBy: number | null },
): Promise<number> {
  const kindColumn = run.kind === undefined ? sql`` : sql`kind, `;
  const kindValue = run.kind === undefined ? sql`` : sql`${run.kind}, `;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO ${sql.raw(table)} (${kindColumn}source, format, status, file, created_by)
        VALUES (${kindValue}${run.source}, ${run.format}, 'queued', decode(${run.file.toString('base64')}, 'base64'),
          ${run.createdBy})
        RETURNING id`,
  );
  return Number(rows[0]!.id);
}

/** The columns of `ImportRunRow`, as a SELECT lists them. */
const runColumns = sql`id, source, status, total_rows, inserted_rows, updated_rows, error_rows, errors, failure,
  created_at, finished_at`;

/**
 * The two reads of an import table's reports: one run by id (null when there is none) and the latest `limit`
 * runs, newest first. `columns` names the kind's own columns beside the shared ones; `toReport` makes the
 * kind's report of a row (`importRunReport` and its own fields).
 */
export function importReportReads<Row extends ImportRunRow, Report>(
  table: 'keyword_imports' | 'video_imports',
  columns: SQL,
  toReport: (row: Row) => Report,
) {
  const select = sql`SELECT ${runColumns}, ${columns} FROM ${sql.raw(table)}`;
  return {
    find: async (db: Database, id: number): Promise<Report | null> => {
      const [row] = await queryRows<Row>(db, sql`${select} WHERE id = ${id}`);
      return row ? toReport(row) : null;
    },
    list: async (db: Database, limit: number): Promise<Report[]> =>
      (await queryRows<Row>(db, sql`${select} ORDER BY id DESC LIMIT ${limit}`)).map(toReport),
  };
}

import type { ImportReport, ImportRowError } from '@dso/contract';
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

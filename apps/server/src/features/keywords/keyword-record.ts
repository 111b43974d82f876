import type { Platform } from '@dso/contract';
import { type SQL, sql } from 'drizzle-orm';

/**
 * One keyword as the server's code reads it from the `keywords` table: the one row shape of search,
 * detail, boards, related words, TSO topics and export. Every statement selecting keywords uses
 * `keywordRecordColumns` and passes its rows through `normalizeKeywordRecord`.
 */
export interface KeywordRecord {
  id: number;
  keyword: string;
  platform: Platform;
  country: string;
  search_index: number;
  month_cover_count: number;
  competition: number;
  competition_reasons: string[];
  related_work_count: number;
  category: string | null;
  industry: string | null;
  commerce_intent: boolean;
  is_blue_ocean: boolean;
  growth_rate: number;
  first_seen: string;
  as_of: string;
}

/** Every field of a record, checked by the compiler against the interface (no field missing or extra). */
const recordFields = {
  id: true,
  keyword: true,
  platform: true,
  country: true,
  search_index: true,
  month_cover_count: true,
  competition: true,
  competition_reasons: true,
  related_work_count: true,
  category: true,
  industry: true,
  commerce_intent: true,
  is_blue_ocean: true,
  growth_rate: true,
  first_seen: true,
  as_of: true,
} satisfies Record<keyof KeywordRecord, true>;
const recordColumnNames = Object.keys(recordFields);

/**
 * The columns of a `KeywordRecord`, qualified by a table alias when the statement joins (`k.id, …`).
 * The alias is the caller's constant, never user input.
 */
export function keywordRecordColumns(alias?: 'k'): SQL {
  return sql.raw(recordColumnNames.map((name) => (alias ? `${alias}.${name}` : name)).join(', '));
}

/**
 * Settles what the drivers disagree on: PGlite returns a bigint as a number (a BigInt past 2^53) and
 * node-postgres as a string; a date column may come as text or, from other paths, as a Date.
 */
export function normalizeKeywordRecord<T extends KeywordRecord>(row: T): T {
  return {
    ...row,
    id: Number(row.id),
    search_index: Number(row.search_index),
    month_cover_count: Number(row.month_cover_count),
    competition: Number(row.competition),
    related_work_count: Number(row.related_work_count),
    growth_rate: Number(row.growth_rate),
    first_seen: dayOf(row.first_seen),
    as_of: dayOf(row.as_of),
  };
}

/** A date column as YYYY-MM-DD (the UTC day of a Date), whether the driver gave text or a Date. */
export function dayOf(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

import * as XLSX from '@e965/xlsx';
import { parse as parseCsv } from 'csv-parse/sync';
import { uploadMessages } from './upload-limits';
import { UploadRefusal } from './upload-refusal';

/**
 * Turns a table file into numbered rows, inside the parse worker (`table.worker.ts`). What the columns mean is the
 * caller's business; this only knows how each format lays out rows.
 */

export type TableFormat = 'csv' | 'xlsx' | 'xls' | 'jsonl';

/**
 * One row as the file shows it: `row` is its number there (a sheet's header is row 1; a JSONL line number), `cells`
 * the values of a CSV or sheet row by column, `record` a JSONL line's object (null when the line is not one).
 */
export type TableRow = { row: number; cells: unknown[] } | { row: number; record: Record<string, unknown> | null };

/** UTF-8 (with or without BOM), else GB18030: what Excel on a Chinese Windows saves CSV in. */
export function decodeText(buffer: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('gb18030').decode(buffer);
  }
}

export function* tableRows(buffer: Buffer, format: TableFormat): Generator<TableRow> {
  if (format === 'csv') yield* csvRows(buffer);
  else if (format === 'jsonl') yield* jsonLines(buffer);
  else yield* sheetRows(buffer);
}

function* csvRows(buffer: Buffer): Generator<TableRow> {
  const records = parseCsv(decodeText(buffer), {
    skip_empty_lines: true,
    relax_column_count: true,
    trim: true,
    info: true,
  }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  for (const { record, info } of records) yield { row: info.lines, cells: record };
}

const isBlankCell = (cell: unknown) => cell === null || cell === undefined || String(cell).trim() === '';

/** The first sheet, row by row; blank rows are skipped but keep their numbers. */
function* sheetRows(buffer: Buffer): Generator<TableRow> {
  const workbook = XLSX.read(buffer, { type: 'buffer', cellDates: true, dense: true });
  const sheetName = workbook.SheetNames[0];
  const sheet = sheetName ? workbook.Sheets[sheetName] : undefined;
  if (!sheet) throw new UploadRefusal(uploadMessages.noSheet);
  const data = (sheet as { '!data'?: Array<Array<{ v?: unknown } | undefined> | undefined> })['!data'] ?? [];
  for (let index = 0; index < data.length; index++) {
    const cells = (data[index] ?? []).map((cell) => cell?.v ?? null);
    if (cells.every(isBlankCell)) continue;
    // Free what was read: the workbook is the worker's largest allocation.
    data[index] = undefined;
    yield { row: index + 1, cells };
  }
}

function* jsonLines(buffer: Buffer): Generator<TableRow> {
  const lines = decodeText(buffer).split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (line.trim() === '') continue;
    let value: unknown = null;
    try {
      value = JSON.parse(line);
    } catch {
      value = null;
    }
    const isObject = value !== null && typeof value === 'object' && !Array.isArray(value);
    yield { row: index + 1, record: isObject ? (value as Record<string, unknown>) : null };
  }
}

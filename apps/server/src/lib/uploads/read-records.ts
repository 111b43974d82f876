import { type ReadTableOptions, readTable } from './read-table';
import { UploadRefusal } from './upload-refusal';

/** One row of a file before checking: its number as the file shows it and its cells by column name. */
export interface TableRecord {
  row: number;
  values: Record<string, unknown>;
}

/** A column name as importers match it: without a byte-order mark, trimmed, lower-case. */
export const normalizeHeader = (header: unknown) =>
  String(header ?? '')
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase();

/** A column of an import layout; a `required` one must be in a CSV/XLSX header and filled on every row. */
export interface ImportColumn {
  name: string;
  required: boolean;
}

/**
 * The `missingColumns` check of an import layout (keywords, each kind of video data), so every importer refuses a
 * header alike: the refusal naming the required columns the header lacks, in the layout's order, or null.
 */
export function requiredColumnsCheck(columns: readonly ImportColumn[]) {
  return (headers: readonly string[]): string | null => {
    const missing = columns.filter((column) => column.required && !headers.includes(column.name));
    return missing.length ? `缺少必填列：${missing.map((column) => column.name).join('、')}` : null;
  };
}

export interface ReadRecordsOptions extends ReadTableOptions {
  /** The refusal for a header that lacks required columns, or null; asked once, with the file's header. */
  missingColumns(headers: string[]): string | null;
}

/**
 * The rows of a table file as records by column name, in batches, read by the upload guard's parse worker
 * (`readTable`). A CSV's or sheet's first row is its header; a JSONL line is a record already (one that is
 * not an object becomes `{ __invalid: true }` for the row check to report). Throws `UploadRefusal` when the
 * file cannot be read at all, or when its header lacks a required column — an empty CSV or sheet has no
 * header at all.
 */
export async function* readRecords(file: Buffer, options: ReadRecordsOptions): AsyncGenerator<TableRecord[]> {
  const { missingColumns, ...table } = options;
  let headers: string[] | null = null;
  for await (const batch of readTable(file, table)) {
    const rows: TableRecord[] = [];
    for (const tableRow of batch) {
      if ('record' in tableRow) {
        const { record } = tableRow;
        rows.push({
          row: tableRow.row,
          values: record
            ? Object.fromEntries(Object.entries(record).map(([key, value]) => [normalizeHeader(key), value]))
            : { __invalid: true },
        });
        continue;
      }
      if (!headers) {
        headers = tableRow.cells.map(normalizeHeader);
        const missing = missingColumns(headers);
        if (missing) throw new UploadRefusal(missing);
        continue;
      }
      const values: Record<string, unknown> = {};
      headers.forEach((header, column) => {
        if (header) values[header] = tableRow.cells[column] ?? null;
      });
      rows.push({ row: tableRow.row, values });
    }
    if (rows.length) yield rows;
  }
  if (!headers && options.format !== 'jsonl') {
    const missing = missingColumns([]);
    if (missing) throw new UploadRefusal(missing);
  }
}

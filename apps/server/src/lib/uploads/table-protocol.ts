import type { TableFormat, TableRow } from './table-rows';
import type { UploadLimits } from './upload-limits';

/** What the reader (`read-table.ts`) and the parse worker (`table.worker.ts`) say to each other. */

/** The worker's `workerData`. */
export interface TableJob {
  bytes: Uint8Array;
  format: TableFormat;
  limits: UploadLimits;
  batchSize: number;
}

/** Worker → reader. */
export type TableMessage =
  | { type: 'rows'; rows: TableRow[] }
  | { type: 'end' }
  | { type: 'refused'; message: string; detail?: string };

/** Reader → worker: send another batch. */
export const MORE = 'more';

import { parentPort, workerData } from 'node:worker_threads';
import { bufferSource } from './byte-source';
import { type Container, inspectUpload } from './inspect-upload';
import { MORE, type TableJob, type TableMessage } from './table-protocol';
import { type TableFormat, type TableRow, tableRows } from './table-rows';
import { parserRefusal, UploadRefusal } from './upload-refusal';

/**
 * The parse worker (started by `readTable` through `table-worker.mjs`): guards the file, parses it and posts its rows
 * in batches, never more than `AHEAD` batches before the reader asks for more, so a slow consumer holds the worker
 * instead of filling the main thread's memory with rows.
 */

const AHEAD = 2;
const containersOf: Record<TableFormat, readonly Container[]> = {
  xlsx: ['zip'],
  // SheetJS also reads an .xlsx saved as .xls, and the HTML and text files some tools save as .xls.
  xls: ['cfb', 'zip', 'plain'],
  csv: ['plain'],
  jsonl: ['plain'],
};

const port = parentPort!;
let credit = AHEAD;
let wake: (() => void) | null = null;
port.on('message', (message) => {
  if (message !== MORE) return;
  credit += 1;
  wake?.();
});

async function post(message: TableMessage) {
  if (message.type === 'rows') {
    while (credit === 0) await new Promise<void>((resolve) => (wake = resolve));
    wake = null;
    credit -= 1;
  }
  port.postMessage(message);
}

async function run({ bytes, format, limits, batchSize }: TableJob) {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  await inspectUpload(bufferSource(buffer), limits, { expect: containersOf[format], measure: true });
  let batch: TableRow[] = [];
  for (const row of tableRows(buffer, format)) {
    batch.push(row);
    if (batch.length >= batchSize) {
      await post({ type: 'rows', rows: batch });
      batch = [];
    }
  }
  if (batch.length) await post({ type: 'rows', rows: batch });
  await post({ type: 'end' });
}

const job = workerData as TableJob;
// The reader terminates this thread once it has the last message; unref lets it end by itself should that not come.
run(job).then(
  () => port.unref(),
  (error: unknown) => {
    const refusal = error instanceof UploadRefusal ? error : parserRefusal(job.format, error);
    port.postMessage({ type: 'refused', message: refusal.message, detail: refusal.detail } satisfies TableMessage);
    port.unref();
  },
);

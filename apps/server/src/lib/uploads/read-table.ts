import { Worker } from 'node:worker_threads';
import { entryFile } from '../server-files';
import { MORE, type TableJob, type TableMessage } from './table-protocol';
import type { TableFormat, TableRow } from './table-rows';
import { type UploadLimits, uploadMessages } from './upload-limits';
import { parserRefusal, UploadRefusal } from './upload-refusal';

export interface ReadTableOptions {
  format: TableFormat;
  limits: UploadLimits;
  /** Rows per batch (default 1,000). */
  batchSize?: number;
}

type WorkerEvent =
  | { kind: 'message'; message: TableMessage }
  | { kind: 'error'; error: Error & { code?: string } }
  | { kind: 'exit' }
  | { kind: 'timeout' };

/**
 * Guards and parses a table file in a worker thread with the kind's heap limit and time budget, yielding its rows in
 * batches as the worker produces them. The event loop only receives batches, so a large or hostile file costs this
 * thread nothing but its rows. Throws `UploadRefusal` with the user's message when the guard refuses the file, the
 * parser cannot read it, the worker runs out of memory or the budget runs out; the worker is gone by then.
 */
export async function* readTable(bytes: Buffer, options: ReadTableOptions): AsyncGenerator<TableRow[], void> {
  const { format, limits } = options;
  // A copy the worker owns: `bytes` may be a slice of a shared pool or still in use by the caller.
  const copy = new Uint8Array(bytes);
  const job: TableJob = { bytes: copy, format, limits, batchSize: options.batchSize ?? 1_000 };
  const worker = new Worker(entryFile('table.worker'), {
    workerData: job,
    transferList: [copy.buffer],
    resourceLimits: { maxOldGenerationSizeMb: limits.parseHeapMb, maxYoungGenerationSizeMb: 64 },
  });
  const inbox: WorkerEvent[] = [];
  let wake: (() => void) | null = null;
  const deliver = (event: WorkerEvent) => {
    inbox.push(event);
    wake?.();
  };
  worker.on('message', (message: TableMessage) => deliver({ kind: 'message', message }));
  worker.on('error', (error) => deliver({ kind: 'error', error }));
  worker.on('exit', () => deliver({ kind: 'exit' }));

  // Only the time spent waiting on the worker counts against the budget, not the time the caller takes per batch.
  let budget = limits.parseTimeoutMs;
  const next = async (): Promise<WorkerEvent> => {
    const started = performance.now();
    while (inbox.length === 0) {
      const remaining = budget - (performance.now() - started);
      if (remaining <= 0) return { kind: 'timeout' };
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, remaining);
      });
      wake = null;
      clearTimeout(timer);
    }
    budget -= performance.now() - started;
    return inbox.shift()!;
  };

  try {
    for (;;) {
      const event = await next();
      if (event.kind === 'timeout') throw new UploadRefusal(uploadMessages.timeout);
      if (event.kind === 'error') {
        if (event.error.code === 'ERR_WORKER_OUT_OF_MEMORY') throw new UploadRefusal(uploadMessages.outOfMemory);
        throw parserRefusal(format, event.error);
      }
      // The worker ended without a last message: only a crash inside V8 does that.
      if (event.kind === 'exit') throw new UploadRefusal(uploadMessages.outOfMemory);
      const { message } = event;
      if (message.type === 'end') return;
      if (message.type === 'refused') throw new UploadRefusal(message.message, message.detail);
      yield message.rows;
      worker.postMessage(MORE);
    }
  } finally {
    await worker.terminate();
  }
}

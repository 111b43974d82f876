import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { workbookFile } from '../../testing/workbooks';
import { readTable } from './read-table';
import type { TableFormat, TableRow } from './table-rows';
import { workbookBomb } from './test-archives';
import { type UploadLimits, uploadLimits, uploadMessages } from './upload-limits';
import { UploadRefusal } from './upload-refusal';

const limits = uploadLimits.keywordSheet;

async function readAll(file: Buffer, format: TableFormat, options: { limits?: UploadLimits; batchSize?: number } = {}) {
  const batches: TableRow[][] = [];
  for await (const batch of readTable(file, { format, limits: options.limits ?? limits, ...options })) {
    batches.push(batch);
  }
  return batches;
}

/** Runs `work` while sampling this thread's event-loop delay; answers what `work` threw and the worst delay. */
async function withLoopDelay(work: () => Promise<unknown>) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const outcome = await work().then(
    () => null,
    (error: Error) => error.message,
  );
  histogram.disable();
  return { outcome, maxDelayMs: histogram.max / 1e6 };
}

describe('reading a table in the parse worker', () => {
  it('streams the rows of a workbook in batches with the numbers the sheet shows', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['platform', 'keyword', 'as_of'],
      ['DSO', '露营', new Date(2026, 10, 20)],
      [],
      ['RSO', '香水', '2026-11-21'],
      ['BSO', 'vlog', null],
    ]);
    const batches = await readAll(workbookFile(sheet), 'xlsx', { batchSize: 2 });
    expect(batches.map((batch) => batch.length)).toEqual([2, 2]);
    const rows = batches.flat();
    // The blank fourth row is skipped but keeps its number.
    expect(rows.map((row) => row.row)).toEqual([1, 2, 4, 5]);
    expect(rows[0]).toEqual({ row: 1, cells: ['platform', 'keyword', 'as_of'] });
    const dated = rows[1] as { cells: unknown[] };
    expect(dated.cells[2]).toBeInstanceOf(Date);
  });

  it('reads CSV and JSON Lines rows, a line that is not an object as null', async () => {
    const csv = (await readAll(Buffer.from('platform,keyword\nDSO,露营\n'), 'csv')).flat();
    expect(csv).toEqual([
      { row: 1, cells: ['platform', 'keyword'] },
      { row: 2, cells: ['DSO', '露营'] },
    ]);
    const lines = (await readAll(Buffer.from('{"keyword":"露营"}\n\nnot json\n'), 'jsonl')).flat();
    expect(lines).toEqual([
      { row: 1, record: { keyword: '露营' } },
      { row: 3, record: null },
    ]);
  });

  it('refuses a workbook bomb with the guard’s message while the event loop keeps answering', async () => {
    const { outcome, maxDelayMs } = await withLoopDelay(() => readAll(workbookBomb(300), 'xlsx'));
    expect(outcome).toBe(uploadMessages.unpackedTooLarge);
    expect(maxDelayMs).toBeLessThan(1_000);
  });

  it('fails a file that exhausts the worker’s heap as a per-file failure, and this process carries on', async () => {
    // Limits loose enough to let the bomb reach SheetJS: the heap limit is what stops it.
    const loose: UploadLimits = {
      ...limits,
      maxUnpackedBytes: Number.MAX_SAFE_INTEGER,
      maxRatio: Number.POSITIVE_INFINITY,
      parseHeapMb: 64,
    };
    const { outcome, maxDelayMs } = await withLoopDelay(() => readAll(workbookBomb(100), 'xlsx', { limits: loose }));
    expect(outcome).toBe(uploadMessages.outOfMemory);
    expect(maxDelayMs).toBeLessThan(1_000);
    const after = (await readAll(Buffer.from('a\n1\n'), 'csv')).flat();
    expect(after).toHaveLength(2);
  });

  it('gives up on a parse that outlasts its time budget', async () => {
    const hasty: UploadLimits = { ...limits, parseTimeoutMs: 1 };
    await expect(readAll(Buffer.from('a\n1\n'), 'csv', { limits: hasty })).rejects.toThrow(uploadMessages.timeout);
  });

  it('refuses what the parser could not read as damaged, keeping the parser’s words for the log', async () => {
    await expect(readAll(Buffer.from('{"a": 1}'), 'xlsx')).rejects.toThrow(uploadMessages.damaged);
    const quoted = Buffer.from('a,b\n"unclosed,1\n');
    const refusal = await readAll(quoted, 'csv').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(UploadRefusal);
    expect(refusal).toMatchObject({ message: uploadMessages.damaged, detail: expect.stringMatching(/^csv: .*quote/i) });
  });

  it('starts its worker under tsx, the way npm start and the CLIs run the server', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'dso-tsx-'));
    try {
      const script = path.join(folder, 'read.mts');
      await writeFile(
        script,
        `import { readTable, uploadLimits } from ${JSON.stringify(new URL('./index.ts', import.meta.url).href)};
        let rows = 0;
        const options = { format: 'csv', limits: uploadLimits.keywordSheet } as const;
        for await (const batch of readTable(Buffer.from('a\\n1\\n2\\n'), options)) rows += batch.length;
        console.log(rows);`,
      );
      const run = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 30_000 });
      expect(run.stderr).toBe('');
      expect(run.stdout.trim()).toBe('3');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

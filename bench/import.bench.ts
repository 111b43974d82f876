import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  AccountPath,
  CLIENT_VERSION,
  ConsoleDataPath,
  encodeSignHeader,
  identityHash,
  SignHeader,
  signRequest,
} from '@dso/contract';
import { workbookBomb, workbookOf } from '@dso/server/uploads/test-archives';
import { percentiles, printTable } from './lib/load';

/**
 * Does an import stall the server? A user calls `user/info` one call after another while a 数据 staff member's
 * upload (the console's 数据 page) is imported by the server's in-process job worker: a large real workbook (BENCH_IMPORT_ROWS rows, 200,000 by
 * default) and a workbook bomb (1 MB packed, 300 MB unpacked). Printed: that user's p50/p95/p99/max over each
 * import, the import's outcome and how long it took, on PGlite, with the server in its own process.
 */
export async function benchImport() {
  const rowCount = Number(process.env.BENCH_IMPORT_ROWS ?? 200_000);
  const started = performance.now();
  const sheet = keywordWorkbook(rowCount);
  console.log(
    `import bench: built a ${rowCount}-row workbook (${mb(sheet.length)} MB) in ${seconds(performance.now() - started)} s`,
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/import-server.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, JOBS_IN_PROCESS: 'true' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    const lines = createInterface({ input: child.stdout! });
    const info = await new Promise<ServerInfo>((resolve, reject) => {
      lines.once('line', (line) => resolve(JSON.parse(line) as ServerInfo));
      lines.once('close', () => reject(new Error('the import server ended before it was ready')));
    });
    const jobs = jobWaiter(lines);
    const client = createClient(info);
    const rows: Array<Record<string, string | number>> = [];
    rows.push(row('no import', await client.userInfoWhile(delay(5_000)), null));
    for (const upload of [
      { label: `${rowCount}-row xlsx (${mb(sheet.length)} MB)`, name: '关键词.xlsx', file: sheet },
      { label: 'xlsx bomb (1 MB → 300 MB)', name: 'bomb.xlsx', file: workbookBomb(300) },
    ]) {
      const derived = jobs.next('keywords.derive');
      // The import ends when its job does (the server says so at once), not when a poll next sees the report: the
      // derive the worker claims right after would otherwise be counted as the import's.
      const importing = client.importFile(upload.name, upload.file, jobs.next('keywords.import'));
      const latencies = await client.userInfoWhile(importing);
      const result = await importing;
      rows.push(row(upload.label, latencies, result));
      // A successful import queues the derive of its library (boards, statistics): measured on its own row.
      if (result.status === 'done') rows.push(row('  then its derive', await client.userInfoWhile(derived), null));
    }
    printTable(
      `Import: another user's user/info, one call after another, during a console import (${info.kind})`,
      rows,
    );
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

interface ServerInfo {
  url: string;
  user: string;
  /** The 数据 staff member's console cookie header. */
  admin: string;
  kind: string;
}

interface ImportResult {
  status: string;
  failure: string | null;
  inserted_rows: number;
  seconds: number;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function row(scenario: string, latencies: number[], result: ImportResult | null) {
  const { p50Ms, p95Ms, p99Ms } = percentiles(latencies);
  return {
    scenario,
    'user/info calls': latencies.length,
    'p50 ms': p50Ms.toFixed(1),
    'p95 ms': p95Ms.toFixed(1),
    'p99 ms': p99Ms.toFixed(1),
    'max ms': Math.max(...latencies).toFixed(1),
    import: result
      ? `${result.status} in ${result.seconds.toFixed(1)} s, ${result.inserted_rows} rows${result.failure ? `: ${result.failure}` : ''}`
      : '',
  };
}

/** A workbook in the import layout (docs/data-format.md) with `count` distinct DSO keywords. */
function keywordWorkbook(count: number): Buffer {
  const words = ['露营', '装备', '推荐', '攻略', '香水', '小众', '咖啡', '手冲', '旅行', '穿搭', '秋冬', '护肤'];
  const rows: Array<Array<string | number | null>> = [
    ['platform', 'country', 'keyword', 'search_index', 'month_cover_count', 'related_work_count', 'category'],
  ];
  rows[0]!.push('industry', 'commerce_intent', 'first_seen', 'as_of', 'trend');
  for (let index = 0; index < count; index++) {
    const keyword = `${words[index % 12]}${words[(index * 7 + 3) % 12]}${index}`;
    rows.push([
      'DSO',
      null,
      keyword,
      1_000 + (index % 50_000),
      100_000 + index,
      index % 900,
      'diversify_21',
      '旅游出行',
      index % 2 ? 'true' : 'false',
      '2026-03-01',
      '2026-11-20',
      null,
    ]);
  }
  return workbookOf(rows);
}

/**
 * A signed GET over `agent` with the caller's credentials (a member's `authorization` token, a staff `cookie`):
 * the envelope's code and data (code -1 when no envelope came back).
 */
function signedGet(info: ServerInfo, agent: http.Agent, target: string, credentials: Record<string, string>) {
  return new Promise<{ code: number; data: unknown }>((resolve) => {
    const headers = {
      [SignHeader.VERSION]: CLIENT_VERSION,
      [SignHeader.SIGNATURE]: encodeSignHeader(
        signRequest(new URL(target, info.url).pathname, Date.now(), identityHash('bench-import')),
      ),
      ...credentials,
    };
    const request = http.get(`${info.url}${target}`, { agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString()) as { code: number; data: unknown });
        } catch {
          resolve({ code: -1, data: null });
        }
      });
    });
    request.on('error', () => resolve({ code: -1, data: null }));
  });
}

interface ImportReport {
  status: string;
  failure: string | null;
  inserted_rows: number;
  created_at: string;
  finished_at: string | null;
}

function createClient(info: ServerInfo) {
  // The measured user and the administrator's polling use separate connections, so each call of the user's waits
  // for the server alone.
  const userAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const adminAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    /** user/info one call after another until `until` settles: the latencies in ms. */
    async userInfoWhile(until: Promise<unknown>) {
      let done = false;
      const settle = () => {
        done = true;
      };
      until.then(settle, settle);
      const latencies: number[] = [];
      while (!done) {
        const asked = performance.now();
        const { code } = await signedGet(info, userAgent, AccountPath.userInfo, { authorization: info.user });
        latencies.push(performance.now() - asked);
        if (code !== 200) throw new Error(`user/info answered ${code}`);
      }
      return latencies;
    },
    /** Uploads a file to the console's keyword import and, once `finished` settles, answers its report. */
    async importFile(name: string, file: Buffer, finished: Promise<void>): Promise<ImportResult> {
      const parts = signRequest(ConsoleDataPath.importKeywords, Date.now(), identityHash('bench-import'));
      const form = new FormData();
      form.append('file', new Blob([file]), name);
      const response = await fetch(
        `${info.url}${ConsoleDataPath.importKeywords}?reason=${encodeURIComponent('导入基准测试')}&ts=${parts.ts}&he=${parts.he}&sign=${parts.sign}`,
        { method: 'POST', body: form, headers: { [SignHeader.VERSION]: CLIENT_VERSION, cookie: info.admin } },
      );
      const queued = (await response.json()) as { code: number; msg: string; data: { report: { id: number } } };
      if (queued.code !== 200) throw new Error(`the upload answered ${queued.code} ${queued.msg}`);
      await finished;
      const reportPath = `${ConsoleDataPath.importReport}?target=keywords&id=${queued.data.report.id}`;
      const { data } = await signedGet(info, adminAgent, reportPath, { cookie: info.admin });
      const report = (data as { report: ImportReport }).report;
      return {
        status: report.status,
        failure: report.failure,
        inserted_rows: report.inserted_rows,
        seconds: (Date.parse(report.finished_at!) - Date.parse(report.created_at)) / 1000,
      };
    },
  };
}

/** Resolves `next(kind)` when the server reports the next job of that kind finished. */
function jobWaiter(lines: ReturnType<typeof createInterface>) {
  const waiting = new Map<string, () => void>();
  lines.on('line', (line) => {
    const { job } = JSON.parse(line) as { job: string };
    waiting.get(job)?.();
    waiting.delete(job);
  });
  return { next: (kind: string) => new Promise<void>((resolve) => waiting.set(kind, resolve)) };
}

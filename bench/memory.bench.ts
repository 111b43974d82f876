import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT_VERSION, identityHash, KeywordPath, signRequest } from '@dso/contract';
import { firstRunPlan } from '@dso/server/keywords/demo/seed';
import { printTable } from './lib/load';

type Sample = Record<'moment' | 'RSS MB' | 'peak RSS MB' | 'seconds', string>;

/**
 * The resident memory of the embedded default (`npm start`: PGlite, demo data) from a scratch data
 * folder: once it answers after the first-run seed, once every demo library is derived (the
 * first-run process's derive jobs log to the same output), after some searches; then the same after a
 * restart on that folder.
 */
export async function benchMemory() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dso-memory-bench-'));
  const rows: Sample[] = [];
  try {
    const derives = firstRunPlan('2026-01-01').scopes.length;
    rows.push(...(await measureStart(dataDir, 'first run', derives)));
    rows.push(...(await measureStart(dataDir, 'restart', 0)));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  printTable('Embedded server (PGlite, demo data) resident memory', rows);
}

async function measureStart(dataDir: string, label: string, derives: number): Promise<Sample[]> {
  const port = 19_000 + Math.floor(Math.random() * 1000);
  const root = path.resolve(import.meta.dirname, '..');
  const started = performance.now();
  // Node itself with tsx's loader (not the tsx CLI, which forks), so the pid's memory is the server's.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      DEMO: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let jobsDone = 0;
  let lineStart = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (lineStart + chunk.toString()).split('\n');
    lineStart = lines.pop() ?? '';
    for (const line of lines) if (line.includes('"msg":"job done"') || line.includes('"msg":"job failed"')) jobsDone++;
  });
  const sample = (moment: string): Sample => {
    const { rss, peak } = memoryOf(child);
    return {
      moment: `${label}: ${moment}`,
      'RSS MB': rss.toFixed(0),
      'peak RSS MB': peak.toFixed(0),
      seconds: ((performance.now() - started) / 1000).toFixed(0),
    };
  };
  const samples: Sample[] = [];
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitFor(async () => (await fetch(`${url}/api/web/time`).catch(() => null))?.ok === true, 1_800);
    samples.push(sample('answering'));
    if (derives > 0) {
      await waitFor(async () => jobsDone >= derives, 1_800);
      samples.push(sample(`after the ${derives} derive jobs`));
    }
    const he = identityHash('memory-bench');
    for (const keyword of ['口红', '减肥食谱', '短视频运营', '火锅', '美食探店推荐']) {
      const parts = signRequest(KeywordPath.search, Date.now(), he);
      await fetch(`${url}${KeywordPath.search}?ts=${parts.ts}&he=${parts.he}&sign=${parts.sign}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-client-version': CLIENT_VERSION },
        body: JSON.stringify({ platform: 'DSO', keyword, page_size: 20 }),
      });
    }
    samples.push(sample('after 5 searches'));
  } finally {
    await stop(child);
  }
  return samples;
}

function memoryOf(child: ChildProcess): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

async function waitFor(done: () => Promise<boolean>, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('memory benchmark: the server did not get there in time');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Stops the server and waits for it to exit: a second server must never open the same PGlite folder. */
async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { printTable } from './lib/load';

type Row = Record<
  'database' | 'first answer s' | 'first API answer' | 'ready s' | 'peak RSS MB (server)' | 'RSS MB at ready',
  string
>;

/**
 * The first start of `npm start` after the web build: the server entry with demo data on an
 * empty PGlite folder and an empty PostgreSQL database (a fresh one on 127.0.0.1:5432, dropped after),
 * asked every 250 ms. Prints the seconds to the first answer of any kind, what the API said then
 * (the preparing 650), the seconds until the real API answered, and the server process's own peak
 * resident memory (the first-run child's is its own and given back when it exits). DEMO_SCALE (default
 * 1, the full first-run set) makes it smaller. Timings on 2 shared cores are noisy: run it twice.
 */
export async function benchFirstStart() {
  const rows: Row[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dso-firststart-bench-'));
  try {
    rows.push(await measureFirstStart('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const server = process.env.BENCH_POSTGRES_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `dso_firststart_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const created = await admin(`CREATE DATABASE ${name}`).then(
    () => true,
    (error: unknown) => {
      console.log(`PostgreSQL not measured: ${String(error)}`);
      return false;
    },
  );
  if (created) {
    const url = new URL(server);
    url.pathname = `/${name}`;
    const pgDir = mkdtempSync(path.join(tmpdir(), 'dso-firststart-bench-'));
    try {
      rows.push(await measureFirstStart('PostgreSQL', { DATA_DIR: pgDir, DATABASE_URL: url.toString() }));
    } finally {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(pgDir, { recursive: true, force: true });
    }
  }
  printTable(`First start with demo data (DEMO_SCALE ${process.env.DEMO_SCALE ?? '1'}), from an empty database`, rows);
}

async function measureFirstStart(label: string, env: Record<string, string>): Promise<Row> {
  const root = path.resolve(import.meta.dirname, '..');
  const port = 19_000 + Math.floor(Math.random() * 1000);
  const base = `http://127.0.0.1:${port}`;
  const webDist = path.join(root, 'apps/web/dist');
  const started = performance.now();
  // Node itself with tsx's loader (as `npm run serve` runs it, without the tsx CLI's extra process), so
  // the pid's memory is the server's.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      REDIS_URL: '',
      DEMO: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST: existsSync(path.join(webDist, 'index.html')) ? webDist : '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  try {
    let first: { seconds: string; said: string } | null = null;
    let ready: string | null = null;
    while (!ready) {
      if (child.exitCode !== null) throw new Error(`first start benchmark: the server exited (${child.exitCode})`);
      if (performance.now() - started > 1_800_000) throw new Error('first start benchmark: not ready in 30 minutes');
      const answer = await fetch(`${base}/api/web/time`, { signal: AbortSignal.timeout(10_000) })
        .then(async (response) => (await response.json()) as { code: number; msg: string })
        .catch(() => null);
      if (answer && !first) first = { seconds: seconds(), said: `${answer.code} ${answer.msg}` };
      if (answer?.code === 200) ready = seconds();
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const memory = memoryOf(child);
    return {
      database: label,
      'first answer s': first!.seconds,
      'first API answer': first!.said,
      'ready s': ready,
      'peak RSS MB (server)': memory.peak.toFixed(0),
      'RSS MB at ready': memory.rss.toFixed(0),
    };
  } finally {
    await stop(child);
  }
}

function memoryOf(child: ChildProcess): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** Stops the server and waits for it to exit: a second server must never open the same PGlite folder. */
async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CLIENT_VERSION,
  Code,
  encodeSignHeader,
  identityHash,
  SignHeader,
  signRequest,
  WechatPath,
} from '@dso/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduledCollections } from './collection-config';
import { TITLE_GRAMS_COMPACT_JOB } from './features/videos/lists/title-grams';
import { writeMigratedPgliteFolder } from './testing/database';
import { createServerDatabase, freePort } from './testing/ports';

/**
 * The real processes (`main.ts`, `cli/worker.ts`) stopped with SIGTERM: ARCHITECTURE promises an exit
 * within 10 s, with requests in flight answered and the job in hand back in the queue.
 */
const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
const serverUrl = process.env.TEST_DATABASE_URL;
const EXIT_WITHIN_MS = 10_000;

/**
 * A database for the spawned processes: a database of its own on the PostgreSQL server when one is
 * configured (the processes migrate it), else a PGlite folder opened from the tests' migrated image
 * (initdb and the migrations in a fresh folder would take most of the suite's time).
 */
async function processDatabase(): Promise<{ env: Record<string, string>; url: string | null; drop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dso-shutdown-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (serverUrl) {
    const database = await createServerDatabase(serverUrl, 'shutdown');
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: database.url },
      url: database.url,
      drop: async () => {
        await database.drop();
        removeDir();
      },
    };
  }
  await writeMigratedPgliteFolder(dataDir);
  return { env: { DATA_DIR: dataDir }, url: null, drop: async () => removeDir() };
}

/** A spawned process of the product, its log lines (pino JSON) and its exit. */
function spawnProcess(entry: string, env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join('apps/server/src', entry)], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DEMO: 'false',
      LOG_LEVEL: 'info',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let partial = '';
  const read = (chunk: Buffer) => {
    const text = partial + chunk.toString('utf8');
    const parts = text.split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
  };
  child.stdout?.on('data', read);
  child.stderr?.on('data', read);
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: Date.now() })),
  );
  const waitForLine = async (pattern: RegExp, withinMs: number) => {
    const deadline = Date.now() + withinMs;
    while (!lines.some((line) => pattern.test(line))) {
      if (child.exitCode !== null) throw new Error(`${entry} exited:\n${lines.slice(-20).join('\n')}`);
      if (Date.now() > deadline)
        throw new Error(`no log line ${pattern} within ${withinMs} ms:\n${lines.slice(-20).join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  return { child, lines, exited, waitForLine };
}

/** Waits for the process to exit, at most `withinMs`; kills it if it has not, so no test leaves one behind. */
async function exitWithin(spawned: ReturnType<typeof spawnProcess>, withinMs: number) {
  const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), withinMs));
  const exit = await Promise.race([spawned.exited, late]);
  if (exit === null) spawned.child.kill('SIGKILL');
  return exit;
}

/** A GET signed as the web client signs it. */
function signedGet(base: string, pathname: string, query = '') {
  const parts = signRequest(pathname, Date.now(), identityHash('shutdown-test'));
  return fetch(`${base}${pathname}${query}`, {
    headers: { [SignHeader.VERSION]: CLIENT_VERSION, [SignHeader.SIGNATURE]: encodeSignHeader(parts) },
  });
}

/** How long after `since` a new TCP connection to the port is refused; null when it is still accepted at `withinMs`. */
async function refusedAfter(port: number, since: number, withinMs: number): Promise<number | null> {
  while (Date.now() - since < withinMs) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    if (refused) return Date.now() - since;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return null;
}

/**
 * Holds a lock on the table the title-gram fold job writes and queues such a job, so that the worker
 * that takes it keeps it in hand for as long as the test wants: a job no shutdown may wait for.
 */
async function holdTitleGramsJob(url: string) {
  const locker = new pg.Client({ connectionString: url });
  const reader = new pg.Client({ connectionString: url });
  const end = async () => {
    await locker.query('ROLLBACK').catch(() => undefined);
    await Promise.all([locker.end(), reader.end()]).catch(() => undefined);
  };
  // The database is dropped with both still connected when a test fails.
  for (const client of [locker, reader]) client.on('error', () => undefined);
  try {
    await Promise.all([locker.connect(), reader.connect()]);
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE video_title_grams IN ACCESS EXCLUSIVE MODE');
    await reader.query('INSERT INTO jobs (kind, payload) VALUES ($1, $2::jsonb)', [TITLE_GRAMS_COMPACT_JOB, '{}']);
    // The job in hand is the running title-gram job whose statement waits on the lock. The process queues a fold of
    // its own at start, so a running job of the kind alone could be that fold finishing before the lock was taken.
    const blocked = async () =>
      (
        await reader.query<{ id: string }>(
          `SELECT id FROM jobs WHERE kind = $1 AND status = 'running'
             AND EXISTS (SELECT 1 FROM pg_locks WHERE NOT granted AND relation = 'video_title_grams'::regclass)`,
          [TITLE_GRAMS_COMPACT_JOB],
        )
      ).rows[0];
    const deadline = Date.now() + 30_000;
    let job = await blocked();
    while (!job) {
      if (Date.now() > deadline) throw new Error('no worker was held by the title-gram lock within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = await blocked();
    }
    const id = job.id;
    return {
      state: async () =>
        (
          await reader.query<{ status: string; locked_by: string | null }>(
            'SELECT status, locked_by FROM jobs WHERE id = $1',
            [id],
          )
        ).rows[0],
      release: end,
    };
  } catch (error) {
    await end();
    throw error;
  }
}

/** {@link processDatabase} for the enclosing suite: made before its tests, dropped after them. */
function useProcessDatabase(): () => Awaited<ReturnType<typeof processDatabase>> {
  let database: Awaited<ReturnType<typeof processDatabase>> | undefined;
  beforeAll(async () => {
    database = await processDatabase();
  }, 120_000);
  afterAll(async () => database?.drop());
  return () => {
    if (!database) throw new Error('the suite’s database is made in beforeAll; use it from a test');
    return database;
  };
}

describe('stopping the server process with SIGTERM', () => {
  const database = useProcessDatabase();

  it('refuses new connections at once, answers the long poll in flight, gives the job in hand back and exits within 10 s', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // A QR long poll holds its request 20 s: longer than the whole shutdown may take.
    const server = spawnProcess('main.ts', { ...database().env, PORT: String(port), WECHAT_POLL_HOLD_MS: '20000' });
    let held: Awaited<ReturnType<typeof holdTitleGramsJob>> | null = null;
    try {
      await server.waitForLine(/Server listening at/, 90_000);
      // On PostgreSQL the in-process worker also has a job in hand that would never finish by itself.
      const { url } = database();
      if (url) held = await holdTitleGramsJob(url);

      const qr = (await (await signedGet(base, WechatPath.qr)).json()) as { code: number; data: { ticket: string } };
      expect(qr.code).toBe(Code.OK);
      const poll = signedGet(base, WechatPath.poll, `?ticket=${qr.data.ticket}`).then(async (response) => ({
        status: response.status,
        body: await response.json(),
        at: Date.now(),
      }));
      await server.waitForLine(/"url":"\/api\/wechat\/poll/, 10_000);

      const signalled = Date.now();
      server.child.kill('SIGTERM');
      const refusedMs = await refusedAfter(port, signalled, 2_000);
      const answered = await poll;
      const exit = await exitWithin(server, EXIT_WITHIN_MS + 5_000);

      expect(refusedMs).not.toBeNull();
      expect(refusedMs).toBeLessThan(1_000);
      expect(answered.status).toBe(200);
      expect(answered.body).toMatchObject({ code: Code.OK, data: { status: 'waiting' } });
      expect(answered.at - signalled).toBeLessThan(EXIT_WITHIN_MS);
      expect(exit).not.toBeNull();
      expect(exit!.code).toBe(0);
      expect(exit!.at - signalled).toBeLessThan(EXIT_WITHIN_MS);
      if (held) expect(await held.state()).toEqual({ status: 'queued', locked_by: null });
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await held?.release();
    }
  }, 150_000);
});

describe.skipIf(!serverUrl)('stopping the worker process with SIGTERM', () => {
  const database = useProcessDatabase();

  it('gives the job in hand back to the queue and exits within 10 s', async () => {
    // Without its collections: their catch-up runs (a suggestions round paced at the source's rate takes minutes)
    // come first in the worker's queue, and this test is about the job in hand at SIGTERM, not about collection.
    const collectionsOff = Object.keys(scheduledCollections)
      .map((name) => `${name}=off`)
      .join(';');
    const worker = spawnProcess('cli/worker.ts', { ...database().env, COLLECT_SCHEDULES: collectionsOff });
    let held: Awaited<ReturnType<typeof holdTitleGramsJob>> | null = null;
    try {
      await worker.waitForLine(/job worker started/, 90_000);
      held = await holdTitleGramsJob(database().url!);
      const signalled = Date.now();
      worker.child.kill('SIGTERM');
      const exit = await exitWithin(worker, EXIT_WITHIN_MS + 5_000);
      expect(exit).not.toBeNull();
      expect(exit!.code).toBe(0);
      expect(exit!.at - signalled).toBeLessThan(EXIT_WITHIN_MS);
      expect(await held.state()).toEqual({ status: 'queued', locked_by: null });
    } finally {
      if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
      await held?.release();
    }
  }, 150_000);
});

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Code, type Envelope, preparingOf } from '@dso/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerDatabase, freePort } from '../testing/ports';
import { outputTail, productProcessEnv } from '../testing/product-process';

/**
 * `npm start`'s server entry (main.ts) on an empty database with demo data on ("A first
 * start that does not keep a newcomer waiting"): the port answers within seconds, the web app's page and
 * a preparing 650 for every API call while the first-run process seeds, then the real API on the same
 * port. The seed is the first-run set at DEMO_SCALE 0.02 (the test is about the start, not the data).
 */
const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const serverUrl = process.env.TEST_DATABASE_URL;
/** The bound for the first answer after `npm start` (after the web build). */
const FIRST_ANSWER_WITHIN_MS = 30_000;
const READY_WITHIN_MS = 600_000;

/** An empty database: a new one on the PostgreSQL server when configured, else an empty PGlite folder. */
async function emptyDatabase() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dso-first-start-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (!serverUrl)
    return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, embedded: true, drop: async () => removeDir() };
  const database = await createServerDatabase(serverUrl, 'first_start');
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: database.url },
    embedded: false,
    drop: async () => {
      await database.drop();
      removeDir();
    },
  };
}

/** A stand-in for the built web app: its page and one hashed asset. */
function webBuild(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'dso-first-start-web-'));
  mkdirSync(path.join(folder, 'assets'));
  writeFileSync(path.join(folder, 'index.html'), '<!doctype html><div id="root">first-start-page</div>');
  writeFileSync(path.join(folder, 'assets', 'index-abc123.js'), 'console.log(1);');
  return folder;
}

function startServer(env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    env: { ...process.env, ...productProcessEnv, DEMO: 'true', DEMO_SCALE: '0.02', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, errors: outputTail(child.stderr) };
}

interface Answer {
  at: number;
  status: number;
  code: number;
  msg: string;
  percent: number | null;
}

/** Connections the port refused: none may be, from the first answer on. */
let refused = 0;

/** One GET of `/api/web/time`; null when nothing answered (refused, reset or timed out on a loaded machine). */
async function askTime(base: string): Promise<Answer | null> {
  try {
    const response = await fetch(`${base}/api/web/time`, { signal: AbortSignal.timeout(15_000) });
    const envelope = (await response.json()) as { code: number; msg: string; data: unknown };
    return {
      at: Date.now(),
      status: response.status,
      code: envelope.code,
      msg: envelope.msg,
      percent: preparingOf(envelope)?.percent ?? null,
    };
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') refused++;
    return null;
  }
}

async function stop(server: ReturnType<typeof startServer>) {
  if (server.child.exitCode !== null) return server.child.exitCode;
  server.child.kill('SIGTERM');
  const late = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 15_000));
  const code = await Promise.race([server.exited, late]);
  if (code === 'late') server.child.kill('SIGKILL');
  return code;
}

describe(`a first start on an empty ${serverUrl ? 'PostgreSQL database' : 'PGlite folder'}`, () => {
  let database: Awaited<ReturnType<typeof emptyDatabase>>;
  let webDist: string;
  beforeAll(async () => {
    database = await emptyDatabase();
    webDist = webBuild();
  });
  afterAll(async () => {
    await database?.drop();
    if (webDist) rmSync(webDist, { recursive: true, force: true });
  });

  it(
    'answers at once with the page and a preparing notice, then the real API on the same port',
    async () => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const started = Date.now();
      const server = startServer({ ...database.env, PORT: String(port), WEB_DIST: webDist });
      try {
        let first: Answer | null = null;
        while (!first) {
          if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.errors()}`);
          if (Date.now() - started > FIRST_ANSWER_WITHIN_MS) break;
          first = await askTime(base);
          if (!first) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(first, 'an answer within 30 s').not.toBeNull();
        expect(first!.at - started).toBeLessThan(FIRST_ANSWER_WITHIN_MS);
        expect(first).toMatchObject({ status: 503, code: Code.SERVER_BUSY });
        expect(first!.msg).toMatch(/^首次启动，正在准备演示数据.*请稍候$/);

        // The web app's page and files while the seed runs.
        const page = await fetch(`${base}/KeywordDouyin`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('first-start-page');
        expect((await fetch(`${base}/assets/index-abc123.js`)).status).toBe(200);
        // Every API call, whatever its method, gets the envelope.
        const post = await fetch(`${base}/api/keyword/search`, { method: 'POST', body: '{}' });
        expect(post.status).toBe(503);
        expect(post.headers.get('retry-after')).toBe('2');
        expect(preparingOf((await post.json()) as Envelope<unknown>)).not.toBeNull();

        const answers: Answer[] = [first!];
        refused = 0;
        while (answers.at(-1)!.code !== Code.OK) {
          if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.errors()}`);
          if (Date.now() - started > READY_WITHIN_MS) throw new Error('the server was not ready within 10 minutes');
          await new Promise((resolve) => setTimeout(resolve, 200));
          const answer = await askTime(base);
          if (answer) answers.push(answer);
        }
        const preparing = answers.filter((answer) => answer.code === Code.SERVER_BUSY);
        // The listener stays open through the hand-over: no connection was refused.
        expect(refused).toBe(0);
        expect(preparing.every((answer) => answer.status === 503 && answer.percent !== null)).toBe(true);
        const figures = preparing.map((answer) => answer.percent!);
        expect(figures).toEqual([...figures].sort((a, b) => a - b));
        // It said what was ready while the rest was prepared.
        expect(preparing.some((answer) => /关键词库已完成.*视频库准备中/.test(answer.msg))).toBe(true);
        expect(answers.at(-1)!.status).toBe(200);
        // The real app serves the page too.
        expect(await (await fetch(`${base}/`)).text()).toContain('first-start-page');
        expect(await stop(server)).toBe(0);
      } finally {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
      }
    },
    READY_WITHIN_MS + 60_000,
  );

  it('starts a seeded database again without the preparing notice', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startServer({ ...database.env, PORT: String(port), WEB_DIST: webDist });
    try {
      let first: Answer | null = null;
      const deadline = Date.now() + 120_000;
      while (!first && Date.now() < deadline) {
        if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.errors()}`);
        first = await askTime(base);
        if (!first) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(first).toMatchObject({ status: 200, code: Code.OK });
      expect(await stop(server)).toBe(0);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  }, 180_000);
});

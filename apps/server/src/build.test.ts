import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../build';
import { entryFile, serverEntries, serverFile, serverRoot } from './lib/server-files';
import { writeMigratedPgliteFolder } from './testing/database';
import { createServerDatabase, freePort } from './testing/ports';
import { outputTail, productProcessEnv } from './testing/product-process';

/**
 * The build (`npm run build` → apps/server/dist) runs with plain node, no TypeScript loader: the server answers and
 * stops on SIGTERM within the 10 s ARCHITECTURE promises, and an operator's command parses its file in the
 * built parser thread. The build goes to a folder of its own inside apps/server (where the built code looks for
 * package.json, drizzle/ and node_modules), removed afterwards. The database is a new one on TEST_DATABASE_URL's server
 * when set, which the built processes migrate; else a PGlite folder opened from the tests' migrated image (initdb in a
 * fresh folder would take most of the suite's time), where the built migrate still reads the shipped migrations.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const EXIT_WITHIN_MS = 10_000;

/** Spawns a built entry with node alone, its output kept for the failure message. */
function runBuilt(file: string, args: string[], env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, [file, ...args], {
    cwd: serverRoot,
    env: {
      ...process.env,
      // Nothing of vitest's or tsx's loaders: the build must run on node's own.
      NODE_OPTIONS: '',
      ...productProcessEnv,
      DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = outputTail(child.stdout, child.stderr);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  return { child, exited, output };
}

/** Resolves with the first 200 of `url`, polling until `withinMs`; fails with the process's output after that. */
async function firstOk(url: string, withinMs: number, process: ReturnType<typeof runBuilt>): Promise<Response> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (process.child.exitCode !== null) throw new Error(`the built server exited early:\n${process.output()}`);
    const response = await fetch(url).catch(() => null);
    if (response?.status === 200) return response;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer 200 within ${withinMs} ms:\n${process.output()}`);
}

describe('the server from source', () => {
  it('finds every entry the build bundles and every file it looks up', () => {
    for (const name of Object.keys(serverEntries) as (keyof typeof serverEntries)[]) {
      expect(existsSync(serverFile('src', serverEntries[name].source)), name).toBe(true);
      expect(existsSync(entryFile(name)), name).toBe(true);
    }
    for (const file of [['package.json'], ['drizzle', 'meta', '_journal.json'], ['legal']]) {
      expect(existsSync(serverFile(...file)), file.join('/')).toBe(true);
    }
  });
});

describe('the built server', () => {
  let outdir = '';
  let dataDir = '';
  let databaseEnv: Record<string, string> = {};
  let dropDatabase = async () => {};

  beforeAll(async () => {
    outdir = mkdtempSync(path.join(serverRoot, '.build-test-'));
    dataDir = mkdtempSync(path.join(tmpdir(), 'dso-build-'));
    if (serverUrl) {
      const database = await createServerDatabase(serverUrl, 'build');
      databaseEnv = { DATA_DIR: dataDir, DATABASE_URL: database.url };
      dropDatabase = database.drop;
    } else {
      await writeMigratedPgliteFolder(dataDir);
      databaseEnv = { DATA_DIR: dataDir, DATABASE_URL: '' };
    }
    await buildServer({ outdir });
  }, 60_000);

  afterAll(async () => {
    await dropDatabase();
    rmSync(outdir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes an entry for every process the server starts and every operator command', () => {
    for (const name of Object.keys(serverEntries)) expect(existsSync(path.join(outdir, `${name}.js`)), name).toBe(true);
  });

  it('answers the server time and exits with code 0 within 10 s of SIGTERM', async () => {
    const port = await freePort();
    const server = runBuilt(path.join(outdir, 'main.js'), [], { ...databaseEnv, PORT: String(port) });
    try {
      const time = await firstOk(`http://127.0.0.1:${port}/api/web/time`, 60_000, server);
      expect(((await time.json()) as { code: number }).code).toBe(200);
      // A file of a package the build left in node_modules, found from the built code.
      const map = await firstOk(`http://127.0.0.1:${port}/china.json`, 5_000, server);
      expect(((await map.json()) as { type: string }).type).toBe('FeatureCollection');

      const signalled = Date.now();
      server.child.kill('SIGTERM');
      const exit = await Promise.race([
        server.exited,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), EXIT_WITHIN_MS + 5_000)),
      ]);
      expect(exit, `no exit within ${EXIT_WITHIN_MS + 5_000} ms:\n${server.output()}`).not.toBeNull();
      expect(exit!.code, server.output()).toBe(0);
      expect(exit!.at - signalled).toBeLessThan(EXIT_WITHIN_MS);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  }, 90_000);

  // After the server's test: the import queues derive jobs, which the server's in-process worker would take up
  // and hold for its grace on SIGTERM.
  it('imports a keyword file through the built parser thread', async () => {
    const file = path.join(dataDir, 'keywords.csv');
    writeFileSync(
      file,
      'platform,country,keyword,search_index,as_of\nDSO,,露营装备推荐,52000,2026-11-20\nDSO,,露营攻略,31000,2026-11-20\n',
    );
    const command = runBuilt(path.join(outdir, 'import-keywords.js'), [file], databaseEnv);
    const { code } = await command.exited;
    expect(code, command.output()).toBe(0);
    expect(command.output()).toContain('新增 2');
  }, 60_000);

  // Last: the PGlite folder is open in one process at a time, and the import above has exited.
  it('serves the MCP tools over stdio from the built entry (npm run mcp in production)', async () => {
    const client = new Client({ name: 'build-test', version: '1.0.0' });
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [path.join(outdir, 'mcp.js')],
        cwd: serverRoot,
        env: {
          ...inherited,
          NODE_OPTIONS: '',
          NODE_ENV: 'development',
          REDIS_URL: '',
          ...databaseEnv,
          DSO_API_KEY: `dso_${'x'.repeat(43)}`,
        },
      }),
      { timeout: 60_000 },
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.title)).toContain('关键词搜索');
      // A well-formed key this database does not hold: looked up, and refused as the tool's answer.
      const refused = await client.callTool({ name: 'keyword_search', arguments: { keyword: '露营' } });
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused.content)).toContain('API 密钥无效或已撤销');
    } finally {
      await client.close();
    }
  }, 90_000);
});

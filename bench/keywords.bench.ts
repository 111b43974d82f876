import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { CLIENT_VERSION, identityHash, KeywordPath, SignHeader, signRequest } from '@dso/contract';
import { type DatabaseHandle, openDatabase, queryRows } from '@dso/server/db';
import { withSearchIndexesRebuilt } from '@dso/server/keywords/bulk-load';
import { seedKeywords } from '@dso/server/keywords/demo/seed';
import {
  estimateWordMatches,
  refreshGramStats,
  runSearch,
  type SearchQuery,
  selectSuggestions,
} from '@dso/server/keywords/search';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { ensureDatabase } from './lib/database';
import { percentiles, printTable, runLoad } from './lib/load';
import { zipfSearches } from './lib/zipf';

const dso = { platform: 'DSO', country: '' } as const;
const LENGTHS = [1, 2, 3, 4, 8];
const QUERIES_PER_CLASS = 20;
const RUNS_PER_QUERY = 5;

interface QueryClass {
  length: number;
  kind: 'common' | 'rare';
  words: string[];
}

/**
 * Seeds the library once; later runs reuse it. A few distinct word combinations spell the same phrase
 * and collapse into one row, so a library within 0.1% of the target counts as seeded. Returns the size.
 */
async function ensureLibrary(handle: DatabaseHandle, count: number, log: (line: string) => void): Promise<number> {
  const size = async () =>
    (await queryRows<{ n: number }>(handle.db, sql`SELECT count(*)::int AS n FROM keywords WHERE platform = 'DSO'`))[0]
      ?.n ?? 0;
  const existing = await size();
  if (existing >= count * 0.999) {
    await ensureGramHeads(handle, log);
    return existing;
  }
  log(`seeding ${count.toLocaleString()} DSO keywords (first run only)`);
  await withSearchIndexesRebuilt(
    handle,
    () =>
      seedKeywords(handle.db, {
        scopes: [{ ...dso, count }],
        seed: 1,
        asOf: '2026-11-20',
        withTrends: false,
        onProgress: (_scope, done) => {
          if (done % 1_000_000 < 5_000) log(`${done.toLocaleString()} rows at ${new Date().toISOString()}`);
        },
      }),
    log,
  );
  return size();
}

/** Libraries seeded before the gram heads existed get them (and fresh gram statistics) once. */
async function ensureGramHeads(handle: DatabaseHandle, log: (line: string) => void) {
  const [row] = await queryRows<{ n: number }>(
    handle.db,
    sql`SELECT count(*)::int AS n FROM keyword_gram_heads WHERE scope = 'DSO'`,
  );
  if ((row?.n ?? 0) > 0) return;
  const started = Date.now();
  await refreshGramStats(handle.db, dso);
  log(`rebuilt gram statistics and heads in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** Substrings of sampled keywords, split per length into the most and least common by gram statistics. */
async function pickQueries(handle: DatabaseHandle): Promise<QueryClass[]> {
  const sample = await queryRows<{ keyword: string }>(
    handle.db,
    sql`SELECT keyword FROM keywords TABLESAMPLE SYSTEM (1) REPEATABLE (7) WHERE platform = 'DSO' AND char_length(keyword) >= 8 LIMIT 1500`,
  );
  const classes: QueryClass[] = [];
  for (const length of LENGTHS) {
    const candidates = new Set<string>();
    for (const [i, { keyword }] of sample.entries()) {
      const chars = [...keyword];
      const start = i % Math.max(1, chars.length - length + 1);
      const word = chars.slice(start, start + length).join('');
      if ([...word].length === length && !/\s/.test(word)) candidates.add(word);
    }
    const estimated: Array<{ word: string; estimate: number }> = [];
    for (const word of candidates)
      estimated.push({ word, estimate: (await estimateWordMatches(handle.db, dso, word))?.matches ?? 0 });
    estimated.sort((a, b) => b.estimate - a.estimate);
    classes.push({ length, kind: 'common', words: estimated.slice(0, QUERIES_PER_CLASS).map((entry) => entry.word) });
    classes.push({ length, kind: 'rare', words: estimated.slice(-QUERIES_PER_CLASS).map((entry) => entry.word) });
  }
  return classes;
}

/** One search as the service runs it for a page of 20 sorted by index: plan, page and total. */
async function timedSearch(handle: DatabaseHandle, word: string): Promise<number> {
  const query: SearchQuery = {
    scope: dso,
    words: [word],
    filters: {},
    sort: 'search_index',
    order: 'desc',
    limit: 20,
    offset: 0,
  };
  const started = performance.now();
  await runSearch(handle.db, query);
  return performance.now() - started;
}

async function measureClasses(classes: QueryClass[], run: (word: string) => Promise<number>) {
  const results = new Map<string, ReturnType<typeof percentiles>>();
  for (const queryClass of classes) {
    const times: number[] = [];
    const slowest: Array<{ word: string; ms: number }> = [];
    for (const word of queryClass.words) {
      await run(word);
      let worst = 0;
      for (let i = 0; i < RUNS_PER_QUERY; i++) {
        const ms = await run(word);
        times.push(ms);
        worst = Math.max(worst, ms);
      }
      slowest.push({ word, ms: worst });
    }
    results.set(`${queryClass.length}/${queryClass.kind}`, percentiles(times));
    if (process.env.BENCH_VERBOSE) {
      slowest.sort((a, b) => b.ms - a.ms);
      const shown = slowest.slice(0, 3).map((entry) => `${entry.word} ${entry.ms.toFixed(1)} ms`);
      console.log(`  slowest ${queryClass.length}/${queryClass.kind}: ${shown.join(', ')}`);
    }
  }
  return results;
}

/** The baseline: the same rows in a table with only a plain pg_trgm GIN index on the keyword. */
async function ensureTrigramBaseline(url: string, log: (line: string) => void) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const exists = await client.query(`SELECT to_regclass('keywords_trgm') IS NOT NULL AS found`);
  if (!exists.rows[0].found) {
    log('building the pg_trgm baseline table and index (first run only)');
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await client.query(`SET maintenance_work_mem = '1GB'`);
    await client.query(
      `CREATE TABLE keywords_trgm AS SELECT id, keyword, search_index FROM keywords WHERE platform = 'DSO'`,
    );
    await client.query('CREATE INDEX keywords_trgm_idx ON keywords_trgm USING gin (keyword gin_trgm_ops)');
    await client.query('VACUUM ANALYZE keywords_trgm');
  }
  return client;
}

async function timedTrigram(client: pg.Client, word: string): Promise<number> {
  const started = performance.now();
  const pattern = `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  await client.query(
    'SELECT id, keyword, search_index FROM keywords_trgm WHERE keyword LIKE $1 ORDER BY search_index DESC LIMIT 20',
    [pattern],
  );
  return performance.now() - started;
}

async function measureSuggestions(handle: DatabaseHandle, classes: QueryClass[]) {
  const prefixes = classes.filter((queryClass) => queryClass.length <= 3).flatMap((queryClass) => queryClass.words);
  const times: number[] = [];
  const slowest: Array<{ prefix: string; ms: number }> = [];
  for (const prefix of prefixes) {
    await selectSuggestions(handle.db, dso, prefix, 10);
    let worst = 0;
    for (let i = 0; i < RUNS_PER_QUERY; i++) {
      const started = performance.now();
      await selectSuggestions(handle.db, dso, prefix, 10);
      const ms = performance.now() - started;
      times.push(ms);
      worst = Math.max(worst, ms);
    }
    slowest.push({ prefix, ms: worst });
  }
  if (process.env.BENCH_VERBOSE) {
    slowest.sort((a, b) => b.ms - a.ms);
    console.log(
      `  slowest suggestions: ${slowest
        .slice(0, 5)
        .map((entry) => `${entry.prefix} ${entry.ms.toFixed(1)} ms`)
        .join(', ')}`,
    );
  }
  return percentiles(times);
}

/** The real server in its own process, so its memory is its own. */
async function startServerProcess(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const port = 18_000 + Math.floor(Math.random() * 1000);
  const root = path.resolve(import.meta.dirname, '..');
  // Node itself with tsx's loader (not the tsx CLI, which forks), so the pid's memory is the server's.
  // BENCH_CPU_PROF=<folder> writes the server's CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: '',
      // The load generator stands for many visitors, each at an address of its own (X-Forwarded-For
      // from a trusted proxy), so the request limits stay on at their defaults and are paid for.
      TRUST_PROXY: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${url}/api/web/time`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill();
  throw new Error('server did not start');
}

function rssMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Simulated visitors of the HTTP part, one address each; every request limit holds per visitor. */
const HTTP_CLIENTS = 50;
/** Searches that warm the server (its code, not the words measured after them), then the ones measured. */
const HTTP_WARMUP = 500;
const HTTP_REQUESTS = 10_000;

/**
 * Searches over HTTP as a day's traffic asks them: a Zipf mix of head terms, their first characters and sampled long
 * tails, most searched first (lib/zipf.ts), each word searched for the first time on the way (an uncached call).
 */
async function measureHttp(databaseUrl: string) {
  const words = await zipfSearches(databaseUrl, { draws: HTTP_WARMUP + HTTP_REQUESTS });
  const { url, child } = await startServerProcess(databaseUrl);
  const he = identityHash('bench');
  let peakRss = 0;
  const sampler = setInterval(() => {
    if (child.pid) peakRss = Math.max(peakRss, rssMegabytes(child.pid));
  }, 100);
  // node:http with 50 kept-alive sockets: a lighter client than fetch, so more of the two cores
  // measure the server rather than the load generator running beside it.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  const search = (index: number) =>
    new Promise<boolean>((resolve, reject) => {
      const parts = signRequest(KeywordPath.search, Date.now(), he);
      const body = JSON.stringify({ platform: 'DSO', keyword: words[index % words.length], page_size: 20 });
      const request = http.request(
        `${url}${KeywordPath.search}?ts=${parts.ts}&he=${parts.he}&sign=${parts.sign}`,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            [SignHeader.VERSION]: CLIENT_VERSION,
            'x-forwarded-for': `10.0.0.${(index % HTTP_CLIENTS) + 1}`,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString()).code === 200));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  await runLoad({ total: HTTP_WARMUP, concurrency: 50, send: search });
  const result = await runLoad({ total: HTTP_REQUESTS, concurrency: 50, send: (index) => search(HTTP_WARMUP + index) });
  clearInterval(sampler);
  agent.destroy();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return { ...result, peakRss };
}

export async function benchKeywords() {
  const count = Number(process.env.BENCH_KEYWORDS ?? 10_000_000);
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/dso_bench';
  const log = (line: string) => console.log(`  ${line}`);
  await ensureDatabase(databaseUrl);
  const handle = await openDatabase({ url: databaseUrl });
  await handle.migrate();
  const size = await ensureLibrary(handle, count, log);
  if (process.env.BENCH_PREPARE_ONLY) {
    await (await ensureTrigramBaseline(databaseUrl, log)).end();
    await handle.close();
    return;
  }
  const classes = await pickQueries(handle);
  // BENCH_PARTS=search,suggestions,http picks parts of this benchmark (all by default).
  const parts = new Set((process.env.BENCH_PARTS ?? 'search,suggestions,http').split(','));
  if (parts.has('search')) await reportSearch(handle, databaseUrl, classes, size, log);
  if (parts.has('suggestions')) {
    const suggestions = await measureSuggestions(handle, classes);
    console.log(
      `suggestions (1-3 character prefixes): p50 ${suggestions.p50Ms.toFixed(2)} ms, p95 ${suggestions.p95Ms.toFixed(2)} ms`,
    );
  }
  await handle.close();
  if (parts.has('http')) {
    const http = await measureHttp(databaseUrl);
    console.log(
      `HTTP searches, Zipf mix, 50 connections from ${HTTP_CLIENTS} visitor addresses (request limits on), ${http.requests} requests: ${http.perSecond.toFixed(0)} searches/s, p50 ${http.p50Ms.toFixed(1)} ms, p95 ${http.p95Ms.toFixed(1)} ms, failures ${http.failures}, server peak RSS ${http.peakRss.toFixed(0)} MB`,
    );
  }
}

async function reportSearch(
  handle: DatabaseHandle,
  databaseUrl: string,
  classes: QueryClass[],
  size: number,
  log: (line: string) => void,
) {
  const ours = await measureClasses(classes, (word) => timedSearch(handle, word));
  const trigramClient = await ensureTrigramBaseline(databaseUrl, log);
  const trigram = await measureClasses(classes, (word) => timedTrigram(trigramClient, word));
  await trigramClient.end();
  printTable(
    `Keyword search on ${size.toLocaleString()} DSO keywords, PostgreSQL, page of 20 sorted by index (ms)`,
    classes.map((queryClass) => {
      const key = `${queryClass.length}/${queryClass.kind}`;
      const mine = ours.get(key)!;
      const base = trigram.get(key)!;
      return {
        query: `${queryClass.length} char, ${queryClass.kind}`,
        example: queryClass.words[0] ?? '',
        'p50 ms': mine.p50Ms.toFixed(1),
        'p95 ms': mine.p95Ms.toFixed(1),
        'pg_trgm p95 ms': base.p95Ms.toFixed(1),
        'speed-up (p95)': `${(base.p95Ms / mine.p95Ms).toFixed(1)}x`,
      };
    }),
  );
}

export async function benchKeywordsPglite() {
  const count = Number(process.env.BENCH_PGLITE_KEYWORDS ?? 1_000_000);
  const folder = path.resolve(import.meta.dirname, 'data', `pglite-${count}`);
  const handle = await openDatabase({ dataDir: folder });
  await handle.migrate();
  const size = await ensureLibrary(handle, count, (line) => console.log(`  ${line}`));
  const classes = await pickQueries(handle);
  const ours = await measureClasses(classes, (word) => timedSearch(handle, word));
  printTable(
    `Keyword search on ${size.toLocaleString()} DSO keywords, PGlite (embedded), page of 20 sorted by index (ms)`,
    classes.map((queryClass) => {
      const mine = ours.get(`${queryClass.length}/${queryClass.kind}`)!;
      return {
        query: `${queryClass.length} char, ${queryClass.kind}`,
        'p50 ms': mine.p50Ms.toFixed(1),
        'p95 ms': mine.p95Ms.toFixed(1),
      };
    }),
  );
  const suggestions = await measureSuggestions(handle, classes);
  console.log(`suggestions on PGlite: p50 ${suggestions.p50Ms.toFixed(2)} ms, p95 ${suggestions.p95Ms.toFixed(2)} ms`);
  await handle.close();
}

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AccountPath } from '@dso/contract';
import { buildApp } from '@dso/server';
import { runCollection, sourcePace, suggestionsCollection } from '@dso/server/collection';
import { loadConfig, scheduledCollections } from '@dso/server/config';
import { openDatabase, queryRows } from '@dso/server/db';
import { seedKeywords } from '@dso/server/keywords/demo/seed';
import { createTikhubPlatformData } from '@dso/server/platform-data/tikhub';
import { createMemoryRateLimitStore } from '@dso/server/rate-limit';
import { createUser, loginAs, signedInjectOptions } from '@dso/server/testing';
import { sql } from 'drizzle-orm';
import { firstJsonLine } from './lib/child';
import { percentiles, printTable } from './lib/load';

/*
 * Scheduled collection at a vendor's rate limit (docs/collection.md): one round of the `suggestions` collection over
 * BENCH_COLLECT_WORDS (100,000) words of a seeded Douyin library, one 下拉词 call each to the TikHub fake (in its own
 * process, as a vendor is) through the real adapter, paced at BENCH_COLLECT_RATE (500) calls a second. The round's
 * time is compared with the limit's minimum (words / rate; the goal: within 10 %), and meanwhile another member calls
 * `user/info` on the same server process (embedded PGlite, the hardest case: one thread for both) one call after
 * another; its p95 must stay under 100 ms. The run record's counts are checked against the calls the fake answered.
 */

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};

export async function benchCollection() {
  const words = number('BENCH_COLLECT_WORDS', 100_000);
  const rate = number('BENCH_COLLECT_RATE', 500);
  const database = await openDatabase({ memory: true });
  await database.migrate();
  const seedStarted = performance.now();
  await seedKeywords(database.db, {
    scopes: [{ platform: 'DSO', country: '', count: words }],
    seed: 7,
    asOf: '2026-11-20',
    withTrends: false,
  });
  const library = await queryRows<{ keyword: string }>(
    database.db,
    sql`SELECT keyword FROM keywords WHERE platform = 'DSO' ORDER BY search_index DESC, id DESC LIMIT ${words}`,
  );
  console.log(`seeded ${library.length} words in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

  const folder = mkdtempSync(path.join(tmpdir(), 'dso-collect-bench-'));
  const wordsFile = path.join(folder, 'words.json');
  writeFileSync(wordsFile, JSON.stringify(library.map((row) => row.keyword)));
  const fake = spawn(process.execPath, ['--import', 'tsx', 'bench/collection-fake.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, COLLECT_BENCH_WORDS: wordsFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const fakeExited = new Promise((resolve) => fake.once('exit', resolve));
  const app = await buildApp({
    config: {
      ...loadConfig({ LOG_LEVEL: 'warn', REQUEST_LIMITS: 'false', JOBS_IN_PROCESS: 'false' }),
      webDist: undefined,
    },
    database,
    logger: false,
  });
  try {
    const { url } = await firstJsonLine<{ url: string }>(fake.stdout!, 'the TikHub fake');
    const platformData = createTikhubPlatformData({ apiKey: 'bench-key', baseUrl: url });
    const token = await loginAs(database.db, (await createUser(database.db, { grade: 'VIP' })).id);
    await app.ready();

    // The other member: user/info one call after another for the whole round.
    const latencies: number[] = [];
    const stop = { now: false };
    const member = (async () => {
      while (!stop.now) {
        const started = performance.now();
        const response = await app.inject(signedInjectOptions({ method: 'GET', url: AccountPath.userInfo, token }));
        latencies.push(performance.now() - started);
        if (response.statusCode !== 200) throw new Error(`user/info answered ${response.statusCode}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    const kind = {
      name: 'suggestions' as const,
      ...scheduledCollections.suggestions,
      scope: 'DSO',
      handler: suggestionsCollection({ platformData, words }),
    };
    const started = performance.now();
    const outcome = await runCollection(database.db, {
      kind,
      window: `bench@${Date.now()}`,
      trigger: 'manual',
      jobId: null,
      limits: { dailyCalls: words * 2, callsPerSecond: rate },
      pace: sourcePace({ store: createMemoryRateLimitStore() }),
      log: { info() {}, warn() {}, error() {} },
    });
    const seconds = (performance.now() - started) / 1000;
    stop.now = true;
    await member;

    const minimum = library.length / rate;
    const [record] = await queryRows<{ calls_made: number; rows_updated: number; failures: number }>(
      database.db,
      sql`SELECT calls_made, rows_updated, failures FROM collection_runs WHERE id = ${outcome.runId}`,
    );
    const stored = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(DISTINCT keyword_id)::int AS n FROM keyword_relations WHERE relation = 'sug'`,
    );
    const info = percentiles(latencies);
    printTable(`Collection: one suggestions round of ${library.length.toLocaleString('en')} calls at ${rate}/s`, [
      {
        status: outcome.status,
        calls: record?.calls_made ?? 0,
        'words stored': stored[0]?.n ?? 0,
        failures: record?.failures ?? 0,
        'round s': seconds.toFixed(1),
        'minimum s': minimum.toFixed(1),
        'over minimum': `${(((seconds - minimum) / minimum) * 100).toFixed(1)} %`,
        'within 10 %': seconds <= minimum * 1.1 ? 'yes' : 'no',
        'user/info calls': latencies.length,
        'user/info p50 ms': info.p50Ms.toFixed(1),
        'user/info p95 ms': info.p95Ms.toFixed(1),
        'p95 under 100 ms': info.p95Ms < 100 ? 'yes' : 'no',
      },
    ]);
  } finally {
    fake.kill('SIGTERM');
    await fakeExited;
    await app.close();
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

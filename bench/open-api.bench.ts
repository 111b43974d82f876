import { ApiKeyPath, type CreatedApiKey, OpenPath, PermissionPath } from '@dso/contract';
import { buildApp } from '@dso/server';
import { loadConfig } from '@dso/server/config';
import { queryRows } from '@dso/server/db';
import { seedKeywords } from '@dso/server/keywords/demo/seed';
import { createMember, createTestDatabase, signedInjectOptions } from '@dso/server/testing';
import { sql } from 'drizzle-orm';
import { printTable } from './lib/load';

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};

const percentile = (values: number[], p: number) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
};

interface KeyRun {
  ok: number;
  refused: number;
  other: number;
  /** Seconds from the first call to the last admitted answer. */
  admittedSeconds: number;
  okLatencies: number[];
  refusedLatencies: number[];
}

/**
 * Open keyword search (`POST /open/v1/keywords/search`) over real HTTP with an API key, the limits on:
 * how fast one key's calls are answered until its per-minute limit, that the calls beyond it are
 * refused (609, HTTP 429) and cost no units, and what several keys get side by side. BENCH_OPEN_WORDS
 * (5,000) library words, BENCH_OPEN_CALLS (75) calls a key at BENCH_OPEN_CONCURRENCY (8) in flight,
 * BENCH_OPEN_KEYS (2) keys for the side-by-side run. A run of a key's calls that outlasts a minute starts its next minute's limit, so the refusals show only when the calls are answered within one.
 */
export async function benchOpenApi() {
  const words = number('BENCH_OPEN_WORDS', 5_000);
  const callsPerKey = number('BENCH_OPEN_CALLS', 75);
  const concurrency = number('BENCH_OPEN_CONCURRENCY', 8);
  const keyCount = number('BENCH_OPEN_KEYS', 2);

  const database = await createTestDatabase();
  await seedKeywords(database.db, {
    scopes: [{ platform: 'DSO', country: '', count: words }],
    seed: 11,
    asOf: '2026-11-20',
    withTrends: false,
  });
  // Two-character searches, the most common kind, taken from the library's leading words.
  const library = (
    await queryRows<{ keyword: string }>(
      database.db,
      sql`SELECT keyword FROM keywords WHERE platform = 'DSO' ORDER BY search_index DESC LIMIT 500`,
    )
  ).map((row) => [...row.keyword].slice(0, 2).join(''));
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), database, logger: false });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });

  const { token } = await createMember(database.db, { grade: 'GVIP' });
  const newKey = async (name: string) => {
    const answer = (
      await app.inject(signedInjectOptions({ method: 'POST', url: ApiKeyPath.create, token, body: { name } }))
    ).json() as { code: number; msg: string; data: CreatedApiKey };
    if (answer.code !== 200) throw new Error(`key not created: ${answer.code} ${answer.msg}`);
    return answer.data.key;
  };
  const unitsUsed = async () =>
    (
      (
        await app.inject(
          signedInjectOptions({ method: 'GET', url: `${PermissionPath.use}?permission=API_UNIT_DAY_COUNT`, token }),
        )
      ).json() as { data: { use_val: number } }
    ).data.use_val;

  let wordAt = 0;
  const search = async (key: string) => {
    const keyword = library[wordAt++ % library.length] ?? '美食';
    const response = await fetch(`${url}${OpenPath.keywordSearch}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ platform: 'DSO', keyword, page_size: 20 }),
    });
    return { status: response.status, code: ((await response.json()) as { code: number }).code };
  };

  const runKey = async (key: string): Promise<KeyRun> => {
    const run: KeyRun = { ok: 0, refused: 0, other: 0, admittedSeconds: 0, okLatencies: [], refusedLatencies: [] };
    let sent = 0;
    const started = performance.now();
    const worker = async () => {
      while (sent < callsPerKey) {
        sent++;
        const t0 = performance.now();
        const answer = await search(key);
        const took = performance.now() - t0;
        if (answer.code === 200) {
          run.ok++;
          run.okLatencies.push(took);
          run.admittedSeconds = Math.max(run.admittedSeconds, (performance.now() - started) / 1000);
        } else if (answer.code === 609 && answer.status === 429) {
          run.refused++;
          run.refusedLatencies.push(took);
        } else run.other++;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return run;
  };

  const row = (label: string, run: KeyRun) => ({
    run: label,
    admitted: run.ok,
    'refused 609': run.refused,
    other: run.other,
    'admitted calls/s': run.admittedSeconds ? (run.ok / run.admittedSeconds).toFixed(1) : '-',
    'ok p50 ms': percentile(run.okLatencies, 50).toFixed(1),
    'ok p95 ms': percentile(run.okLatencies, 95).toFixed(1),
    'refusal p50 ms': percentile(run.refusedLatencies, 50).toFixed(1),
  });

  const before = await unitsUsed();
  const single = await runKey(await newKey('单个密钥'));
  const afterSingle = await unitsUsed();

  const keys = await Promise.all(Array.from({ length: keyCount }, (_, index) => newKey(`并行密钥${index + 1}`)));
  const started = performance.now();
  const runs = await Promise.all(keys.map(runKey));
  const seconds = (performance.now() - started) / 1000;
  const afterAll = await unitsUsed();

  printTable(
    `Open keyword search per API key over HTTP, ${callsPerKey} calls a key, ${concurrency} in flight, ${database.kind}, ${words} words`,
    [row('one key alone', single), ...runs.map((run, index) => row(`key ${index + 1} of ${keyCount} together`, run))],
  );
  const admittedTogether = runs.reduce((sum, run) => sum + run.ok, 0);
  console.log(
    `units charged: ${afterSingle - before} for the lone key's ${single.ok} admitted calls, ` +
      `${afterAll - afterSingle} for the ${admittedTogether} admitted calls of ${keyCount} keys together (refused calls cost none)`,
  );
  console.log(
    `${keyCount} keys together: ${admittedTogether} admitted in ${seconds.toFixed(2)} s ` +
      `(${(admittedTogether / seconds).toFixed(1)} calls/s); each key is held to its per-minute limit, so a key's ` +
      `sustained rate is that limit / 60 s however fast its burst is answered`,
  );
  await app.close();
  await database.close();
}

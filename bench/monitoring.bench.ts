import { spawn } from 'node:child_process';
import path from 'node:path';
import { MonitoringPath } from '@dso/contract';
import { buildApp } from '@dso/server';
import { loadConfig } from '@dso/server/config';
import { type DatabaseHandle, openDatabase, queryRows } from '@dso/server/db';
import { seedKeywords } from '@dso/server/keywords/demo/seed';
import { startMonitoringRound } from '@dso/server/monitoring';
import { rebuildDashboardRollups } from '@dso/server/monitoring/rollups';
import { demoAsOf } from '@dso/server/startup';
import { createUser, loginAs, signedInjectOptions } from '@dso/server/testing';
import { firstRunVideoOptions, seedVideoDemo } from '@dso/server/videos/demo/seed';
import { sql } from 'drizzle-orm';
import { ensureDatabase } from './lib/database';
import { percentiles, printTable } from './lib/load';

/*
 * Rank monitoring at scale ("Speed"), on PostgreSQL:
 * 1. One daily round over BENCH_MONITOR_ITEMS (100,000) monitored items of BENCH_MONITOR_USERS (1,000) users,
 *    over BENCH_MONITOR_KEYWORDS (2,000) keywords of a small seeded library, with the sandbox rank source:
 *    the round is queued as the round job queues it, then two real worker processes
 *    (apps/server/src/cli/worker.ts --once, as `npm run worker` runs it) drain the check jobs, each at
 *    the configured source pace (MONITOR_CHECKS_PER_SECOND, 5 by default). SQL then proves every item was
 *    checked exactly once that day, none missed, each keyword read once, and the daily roll-up agrees.
 * 2. BENCH_MONITOR_HISTORY_DAYS (365) days of daily history for BENCH_MONITOR_HISTORY_ITEMS (3,000) items
 *    of one user, written in bulk (generate_series), then the dashboard and daily-paper calls through the
 *    real routes (app.inject, signed as the web client signs), one at a time, BENCH_MONITOR_RUNS (100) rounds
 *    of every call after a warm-up; p95 must stay under 100 ms.
 * The database (BENCH_MONITOR_DATABASE_URL, postgres://postgres@127.0.0.1:5432/dso_bench_monitoring by
 * default) keeps its library between runs; the monitoring tables are emptied at each run.
 */

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number`);
  return value;
};

const sizes = () => ({
  items: number('BENCH_MONITOR_ITEMS', 100_000),
  users: number('BENCH_MONITOR_USERS', 1_000),
  keywords: number('BENCH_MONITOR_KEYWORDS', 2_000),
  videos: number('BENCH_MONITOR_VIDEOS', 30_000),
  historyItems: number('BENCH_MONITOR_HISTORY_ITEMS', 3_000),
  historyDays: number('BENCH_MONITOR_HISTORY_DAYS', 365),
  runs: number('BENCH_MONITOR_RUNS', 100),
  workers: number('BENCH_MONITOR_WORKERS', 2),
});

/** The bench users' phones: 1980000xxxx, out of the way of real and test numbers. */
const PHONE_PREFIX = '1980000';

const shanghaiToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const count = async (handle: DatabaseHandle, statement: string) =>
  Number((await queryRows<{ n: number }>(handle.db, sql.raw(statement)))[0]?.n ?? 0);

/** Keywords and a library of works linked to them (what the sandbox source ranks), seeded once. */
async function ensureLibrary(handle: DatabaseHandle, size: ReturnType<typeof sizes>, log: (line: string) => void) {
  const videos = await count(handle, 'SELECT count(*)::int AS n FROM videos');
  if (videos >= size.videos) return;
  const asOf = demoAsOf();
  const started = Date.now();
  await seedKeywords(handle.db, {
    scopes: [{ platform: 'DSO', country: '', count: Math.max(size.keywords * 5, 10_000) }],
    seed: 1,
    asOf,
    withTrends: false,
  });
  await seedVideoDemo(handle.db, {
    ...firstRunVideoOptions(asOf),
    videos: size.videos,
    creators: Math.ceil(size.videos / 10),
    commentsPerVideo: 0,
    detailedVideos: 0,
    detailedCreators: 0,
    liveSessions: 0,
    topics: 0,
  });
  await handle.db.execute(sql.raw('ANALYZE keywords, videos, video_keywords'));
  log(`seeded the library (${size.videos.toLocaleString()} works) in ${seconds(Date.now() - started)} s`);
}

/** Empties the monitoring tables and the queue's monitoring jobs; makes the bench users. */
async function resetMonitoring(handle: DatabaseHandle, users: number) {
  await handle.db.execute(
    sql.raw(
      'TRUNCATE monitor_checks, monitor_items, monitor_user_days, monitor_rankings, monitor_ranking_days CASCADE',
    ),
  );
  await handle.db.execute(sql`DELETE FROM jobs WHERE kind LIKE 'monitoring.%'`);
  await handle.db.execute(
    sql`INSERT INTO users (phone, grade) SELECT ${PHONE_PREFIX} || lpad(g::text, 4, '0'), 'GVIP'
        FROM generate_series(1, ${users}) g ON CONFLICT (phone) DO NOTHING`,
  );
}

/**
 * Items in bulk: item n belongs to user n mod U, in its slot s = n div U; the slot picks the keyword
 * (s·31 + user·17 mod K, distinct for a user's slots) and, on odd slots, one of the keyword's linked
 * works (a work item), else the keyword itself. So popular keywords are shared by many users, as they are.
 */
async function seedItems(handle: DatabaseHandle, size: ReturnType<typeof sizes>) {
  await handle.db.execute(sql`
    WITH bench_users AS (
      SELECT id, row_number() OVER (ORDER BY id) - 1 AS idx FROM users WHERE phone LIKE ${`${PHONE_PREFIX}%`}
      ORDER BY id LIMIT ${size.users}
    ), pool AS (
      SELECT k.id, k.keyword, row_number() OVER (ORDER BY k.id) - 1 AS idx FROM keywords k
      WHERE k.platform = 'DSO' AND k.country = '' AND char_length(k.keyword) <= 30
        AND EXISTS (SELECT 1 FROM video_keywords vk WHERE vk.keyword_id = k.id)
      ORDER BY k.id LIMIT ${size.keywords}
    ), pool_size AS (SELECT count(*) AS k FROM pool), slots AS (
      SELECT n, n % ${size.users} AS user_idx, n / ${size.users} AS slot FROM generate_series(0, ${size.items - 1}) n
    )
    INSERT INTO monitor_items (user_id, platform, keyword, aweme_id)
    SELECT u.id, 'DSO', p.keyword, CASE WHEN s.slot % 2 = 1 THEN coalesce(w.aweme_id, '') ELSE '' END
    FROM slots s
    JOIN bench_users u ON u.idx = s.user_idx
    CROSS JOIN pool_size ps
    JOIN pool p ON p.idx = (s.slot * 31 + s.user_idx * 17) % ps.k
    LEFT JOIN LATERAL (
      SELECT v.aweme_id FROM video_keywords vk JOIN videos v ON v.id = vk.video_id
      WHERE vk.keyword_id = p.id ORDER BY vk.search_rank OFFSET (s.user_idx % 7) LIMIT 1
    ) w ON s.slot % 2 = 1
    ON CONFLICT DO NOTHING`);
  await handle.db.execute(sql.raw('ANALYZE monitor_items'));
}

/** Runs one worker process to the end of the queue (`--once`); resolves with its exit code. */
function runWorker(databaseUrl: string, index: number, log: (line: string) => void): Promise<number> {
  const root = path.resolve(import.meta.dirname, '..', 'apps', 'server');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/worker.ts', '--once'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      RANK_SOURCE_PROVIDER: 'sandbox',
      LOG_LEVEL: process.env.BENCH_VERBOSE ? 'info' : 'warn',
      DEMO: 'false',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      log(`worker ${index + 1} exited with ${code}`);
      resolve(code ?? 1);
    });
  });
}

async function benchRound(handle: DatabaseHandle, databaseUrl: string, size: ReturnType<typeof sizes>) {
  const log = (line: string) => console.log(`  ${line}`);
  await resetMonitoring(handle, size.users);
  const seedStarted = Date.now();
  await seedItems(handle, size);
  const items = await count(handle, 'SELECT count(*)::int AS n FROM monitor_items');
  const keywords = await count(handle, 'SELECT count(DISTINCT keyword)::int AS n FROM monitor_items');
  log(
    `${items.toLocaleString()} items over ${keywords.toLocaleString()} keywords in ${seconds(Date.now() - seedStarted)} s`,
  );
  const day = shanghaiToday();

  const started = Date.now();
  const queued = await startMonitoringRound(handle.db, day);
  const queuedMs = Date.now() - started;
  const codes = await Promise.all(Array.from({ length: size.workers }, (_, i) => runWorker(databaseUrl, i, log)));
  const roundMs = Date.now() - started;
  if (codes.some((code) => code !== 0)) throw new Error(`a worker failed: ${codes.join(', ')}`);

  const [checks] = await queryRows<{
    rows: number;
    items: number;
    ranked: number;
    unranked: number;
    failed: number;
    running: number;
    retried: number;
    missed: number;
    first: string;
    last: string;
  }>(
    handle.db,
    sql`SELECT count(*)::int AS rows, count(DISTINCT item_id)::int AS items,
          count(*) FILTER (WHERE status = 'ranked')::int AS ranked,
          count(*) FILTER (WHERE status = 'unranked')::int AS unranked,
          count(*) FILTER (WHERE status = 'failed')::int AS failed,
          count(*) FILTER (WHERE status = 'running')::int AS running,
          count(*) FILTER (WHERE attempts > 1)::int AS retried,
          (SELECT count(*)::int FROM monitor_items i WHERE NOT EXISTS
            (SELECT 1 FROM monitor_checks c WHERE c.item_id = i.id AND c.day = ${day}::date)) AS missed,
          min(claimed_at)::text AS first, max(checked_at)::text AS last
        FROM monitor_checks WHERE day = ${day}::date`,
  );
  const reads = await count(handle, `SELECT count(*)::int AS n FROM monitor_ranking_days WHERE day = '${day}'`);
  const rollup = await count(
    handle,
    `SELECT coalesce(sum(checked + failed), 0)::int AS n FROM monitor_user_days WHERE day = '${day}'`,
  );
  const byWorker = await queryRows<{ worker: string; jobs: number }>(
    handle.db,
    sql`SELECT coalesce(split_part(locked_by, ':', 2), '?') AS worker, count(*)::int AS jobs FROM jobs
        WHERE kind = 'monitoring.check' AND status = 'done' GROUP BY 1 ORDER BY 1`,
  );
  const checkSeconds = (Date.parse(checks!.last) - Date.parse(checks!.first)) / 1000;
  printTable(`Monitoring round: ${items.toLocaleString()} items, ${size.workers} worker processes, sandbox source`, [
    {
      items,
      keywords,
      queued,
      'queue s': seconds(queuedMs),
      'round s (queue to last worker exit)': seconds(roundMs),
      'checks s (first claim to last result)': checkSeconds.toFixed(1),
      'checks/s': Math.round(checks!.rows / checkSeconds),
      'source reads': reads,
      'pace per worker /s': loadConfig({ MONITOR_CHECKS_PER_SECOND: process.env.MONITOR_CHECKS_PER_SECOND }).monitoring
        .checksPerSecond,
    },
  ]);
  const verdict = {
    'check rows': checks!.rows,
    'items checked': checks!.items,
    'checked twice (rows − items)': checks!.rows - checks!.items,
    'claimed again (attempts > 1)': checks!.retried,
    missed: checks!.missed,
    'left running': checks!.running,
    ranked: checks!.ranked,
    unranked: checks!.unranked,
    failed: checks!.failed,
    'keywords read ≠ once': reads - keywords,
    'roll-up total': rollup,
    'jobs per worker': byWorker.map((row) => `${row.worker}:${row.jobs}`).join(' '),
  };
  printTable('Round verified by SQL', [verdict]);
  const ok =
    checks!.rows === items &&
    checks!.items === items &&
    checks!.missed === 0 &&
    checks!.running === 0 &&
    checks!.retried === 0 &&
    reads === keywords &&
    rollup === items;
  console.log(
    ok
      ? `  every item checked once, none missed; ${seconds(roundMs)} s ${roundMs < 600_000 ? '<' : '≥'} 600 s`
      : '  THE ROUND IS WRONG (see above)',
  );
  if (!ok) process.exitCode = 1;
}

/**
 * A year of daily checks for one user's items, in one statement: mostly ranked (the place wanders with the
 * item and the day), some not ranked, one in a hundred failed; keyword items carry their ranked count.
 */
async function seedHistory(handle: DatabaseHandle, userId: number, size: ReturnType<typeof sizes>) {
  await handle.db.execute(sql`
    WITH pool AS (
      SELECT keyword, row_number() OVER (ORDER BY id) - 1 AS idx FROM keywords
      WHERE platform = 'DSO' AND country = '' AND char_length(keyword) <= 30 ORDER BY id LIMIT ${size.historyItems}
    ), pool_size AS (SELECT count(*) AS k FROM pool)
    INSERT INTO monitor_items (user_id, platform, keyword, aweme_id, work_title)
    SELECT ${userId}, 'DSO', p.keyword, CASE WHEN g % 10 = 0 THEN '' ELSE 'bench' || g END,
      CASE WHEN g % 10 = 0 THEN '' ELSE p.keyword || ' 作品' || g END
    FROM generate_series(0, ${size.historyItems - 1}) g CROSS JOIN pool_size ps JOIN pool p ON p.idx = g % ps.k
    ON CONFLICT DO NOTHING`);
  const started = Date.now();
  await handle.db.execute(sql`
    INSERT INTO monitor_checks (item_id, day, status, rank, ranked_count, claimed_by, claimed_at, checked_at)
    SELECT i.id, d.day, s.status,
      CASE WHEN s.status = 'ranked' AND i.aweme_id <> '' THEN 1 + (h.v % 100) END,
      CASE WHEN s.status = 'failed' THEN NULL WHEN i.aweme_id = '' THEN 100 END,
      'bench', d.day, d.day
    FROM monitor_items i
    CROSS JOIN LATERAL (
      SELECT (${shanghaiToday()}::date - g)::date AS day FROM generate_series(0, ${size.historyDays - 1}) g
    ) d
    CROSS JOIN LATERAL (SELECT abs(hashtext(i.id || ':' || d.day)) AS v) h
    CROSS JOIN LATERAL (
      SELECT CASE WHEN h.v % 100 = 0 THEN 'failed' WHEN h.v % 7 = 0 THEN 'unranked' ELSE 'ranked' END AS status
    ) s
    WHERE i.user_id = ${userId}`);
  await rebuildDashboardRollups(handle.db, [userId]);
  await handle.db.execute(sql.raw('VACUUM ANALYZE monitor_items, monitor_checks, monitor_user_days'));
  // Write the bulk load out now rather than during the timed calls.
  await handle.db.execute(sql.raw('CHECKPOINT'));
  return Date.now() - started;
}

async function benchDashboard(handle: DatabaseHandle, size: ReturnType<typeof sizes>) {
  const log = (line: string) => console.log(`  ${line}`);
  const user = await createUser(handle.db, { grade: 'GVIP' });
  const seedMs = await seedHistory(handle, user.id, size);
  const checks = await count(
    handle,
    `SELECT count(*)::int AS n FROM monitor_checks c JOIN monitor_items i ON i.id = c.item_id WHERE i.user_id = ${user.id}`,
  );
  log(
    `${checks.toLocaleString()} checks of ${size.historyItems.toLocaleString()} items written in ${seconds(seedMs)} s`,
  );
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', REQUEST_LIMITS: 'false', DEMO: 'false' }),
    database: handle,
    logger: false,
  });
  await app.ready();
  const token = await loginAs(handle.db, user.id);
  const yesterday = new Date(Date.now() + 8 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
  const cases = [
    { label: 'dashboard, 365 days', url: `${MonitoringPath.dashboard}?days=365` },
    { label: 'dashboard, 90 days', url: `${MonitoringPath.dashboard}?days=90` },
    { label: 'dashboard, 30 days', url: `${MonitoringPath.dashboard}?days=30` },
    { label: 'dashboard, 7 days', url: `${MonitoringPath.dashboard}?days=7` },
    { label: 'daily paper, yesterday', url: `${MonitoringPath.daily}?day=${yesterday}` },
    { label: 'item list, first page', url: `${MonitoringPath.list}?page_size=20` },
  ];
  const rows: Array<Record<string, string | number>> = [];
  try {
    const send = async (item: (typeof cases)[number]) => {
      const started = performance.now();
      const response = await app.inject(signedInjectOptions({ method: 'GET', url: item.url, token }));
      const ms = performance.now() - started;
      const body = response.json() as { code: number };
      if (body.code !== 200) throw new Error(`${item.label} answered ${JSON.stringify(body).slice(0, 200)}`);
      return ms;
    };
    for (let i = 0; i < 3; i++) for (const item of cases) await send(item);
    // Round after round of every call, so a burst of load from others on the shared machine lands on all
    // of them rather than on whichever call was being timed.
    const times = cases.map((): number[] => []);
    for (let run = 0; run < size.runs; run++) {
      for (const [index, item] of cases.entries()) times[index]!.push(await send(item));
    }
    for (const [index, item] of cases.entries()) {
      const result = percentiles(times[index]!);
      rows.push({
        call: item.label,
        runs: size.runs,
        'p50 ms': result.p50Ms.toFixed(1),
        'p95 ms': result.p95Ms.toFixed(1),
        'max ms': Math.max(...times[index]!).toFixed(1),
        'p95 < 100 ms': result.p95Ms < 100 ? 'yes' : 'NO',
      });
    }
  } finally {
    await app.close();
  }
  printTable(
    `Dashboard calls over ${size.historyDays} days of daily history for ${size.historyItems.toLocaleString()} items (${checks.toLocaleString()} checks), one call at a time`,
    rows,
  );
}

export async function benchMonitoring() {
  const size = sizes();
  const databaseUrl =
    process.env.BENCH_MONITOR_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/dso_bench_monitoring';
  const log = (line: string) => console.log(`  ${line}`);
  await ensureDatabase(databaseUrl);
  const handle = await openDatabase({ url: databaseUrl });
  try {
    await handle.migrate();
    await ensureLibrary(handle, size, log);
    // BENCH_MONITOR_ROUND=0 measures the dashboard only (a quicker run while working on it).
    if (process.env.BENCH_MONITOR_ROUND !== '0') await benchRound(handle, databaseUrl, size);
    await benchDashboard(handle, size);
  } finally {
    await handle.close();
  }
}

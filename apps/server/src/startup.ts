import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config';
import { type Database, queryRows } from './db/client';
import { type JobLogger, JobWorker } from './features/jobs/jobs.worker';
import { firstRunPlan, seedFirstRun } from './features/keywords/demo/seed';
import { keywordJobHandlers } from './features/keywords/keyword-jobs';
import { scheduleMonitoringRound } from './features/monitoring/monitor-checks';
import { scheduleOrdersMaintenance } from './features/orders/payments/maintenance.job';
import { shanghaiDate } from './features/permissions/permissions.service';
import { seedFirstRunVideosIfEmpty } from './features/videos/demo/seed';
import { scheduleTitleGramsCompaction } from './features/videos/lists/title-grams';
import { allJobHandlers } from './job-handlers';
import { settlesWithin, shutdownBudget } from './lib/shutdown';

/** The day demo figures are as of: yesterday in China, as a platform's daily data would be. */
export function demoAsOf(now = new Date()): string {
  return shanghaiDate(new Date(now.getTime() - 86_400_000));
}

/** The logger the seed writes its progress to (the app's pino logger, or the first-run process's). */
export type SeedLogger = Pick<JobLogger, 'info'>;

/**
 * First start with DEMO on: seed the small demo keyword library when the keyword tables are empty, and
 * run the derive jobs the seed queued (boards, correlation words) to the end, then the demo video
 * library when the video tables are empty, so the server starts with every library complete. Later
 * starts find the data and do nothing. Returns whether it seeded anything.
 */
export async function seedDemoDataIfEmpty(db: Database, log: SeedLogger): Promise<boolean> {
  const keywordsSeeded = await seedDemoKeywordsIfEmpty(db, log);
  // After the keywords: demo videos are titled with the library's head terms and linked to its rows.
  const started = Date.now();
  const videosSeeded = await seedFirstRunVideosIfEmpty(db, demoAsOf(), (message, data) =>
    log.info(data ?? {}, message),
  );
  if (videosSeeded) log.info({ ms: Date.now() - started }, 'demo video library ready');
  return keywordsSeeded || videosSeeded;
}

async function seedDemoKeywordsIfEmpty(db: Database, log: SeedLogger): Promise<boolean> {
  const [existing] = await queryRows<{ found: boolean }>(db, sql`SELECT EXISTS (SELECT 1 FROM keywords) AS found`);
  if (existing?.found) return false;
  const started = Date.now();
  log.info({}, 'first start: seeding the demo keyword library');
  const plan = firstRunPlan(demoAsOf());
  plan.onProgress = (scope, done, total) => {
    if (done === total) log.info({ platform: scope.platform, country: scope.country, keywords: total }, 'seeded');
  };
  await seedFirstRun(db, plan, (message, data) => log.info(data ?? {}, message));
  const derived = await new JobWorker(db, keywordJobHandlers, { log: log as JobLogger }).drain();
  log.info({ ms: Date.now() - started, derived }, 'demo data ready');
  return true;
}

/**
 * Runs the first start's demo seed ({@link seedDemoDataIfEmpty}) in a short-lived child process
 * (`first-run.ts`) before the server opens its database. Generating and deriving the libraries
 * grows a process by a few hundred MB that it never gives back to the system (PGlite's WebAssembly
 * memory only grows), so a server that seeded itself kept that for its whole life; the child hands
 * the finished database over and exits. On PGlite this is also the only safe order: one folder, one
 * process at a time. Resolves when the child is done; rejects when it failed.
 */
export async function prepareDemoData(config: Pick<AppConfig, 'demo' | 'databaseUrl' | 'dataDir'>): Promise<void> {
  if (!config.demo) return;
  // A PGlite folder the first run finished needs no child (it would only open the folder to find data).
  const marker = demoSeededMarker(config);
  if (
    marker &&
    existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION')) &&
    existsSync(marker) &&
    readFileSync(marker, 'utf8').trim() === DEMO_PARTS
  ) {
    return;
  }
  const entry = fileURLToPath(new URL('./first-run.ts', import.meta.url));
  // The same Node with the same loader flags (tsx's, under `npm start`), the same environment.
  const child = spawn(process.execPath, [...process.execArgv, entry], { stdio: 'inherit', env: process.env });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  if (code !== 0) throw new Error(`the first-run demo seed failed (exit code ${code}); see its log above`);
}

/**
 * The parts of the demo data a first run seeds, as its marker records them: a folder seeded before a
 * part was added gets the first-run process again, which seeds what is missing.
 */
export const DEMO_PARTS = 'keywords videos';

/**
 * The file the first-run process leaves beside an embedded (PGlite) database once its demo data is
 * ready; null on PostgreSQL, whose database may be shared and emptied without this folder knowing.
 */
export function demoSeededMarker(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): string | null {
  return config.databaseUrl ? null : path.join(config.dataDir, 'demo-seeded');
}

/**
 * The server's shutdown (docs/frame.md, "Shutdown"): it stops accepting connections at once, lets the
 * requests in flight finish and the in-process worker's job in hand finish or go back to the queue, side
 * by side and each within its share of `shutdownBudget`, then closes the database and the stores.
 */
export async function shutDownServer(app: FastifyInstance, worker: JobWorker | null): Promise<void> {
  await Promise.all([
    app.drainRequests(shutdownBudget.requestsMs),
    worker?.stop({ graceMs: shutdownBudget.jobGraceMs }),
  ]);
  if (!(await settlesWithin(app.close(), shutdownBudget.closeMs))) {
    app.log.warn({ withinMs: shutdownBudget.closeMs }, 'database or stores still closing: leaving them to the exit');
  }
}

/**
 * The job worker inside the server process (on unless JOBS_IN_PROCESS=false): imports and derives
 * run here when no separate `npm run worker` process serves the queue. Stop it before closing the app.
 */
export function startInProcessWorker(app: FastifyInstance): JobWorker | null {
  if (!app.config.jobsInProcess) return null;
  const worker = new JobWorker(
    app.db,
    allJobHandlers({
      providers: app.providers,
      publicUrl: app.config.publicUrl,
      dataDir: app.config.dataDir,
      monitoring: app.config.monitoring,
    }),
    {
      log: app.log.child({ component: 'jobs' }),
    },
  );
  worker.start();
  void scheduleOrdersMaintenance(app.db).catch((error: unknown) =>
    app.log.warn({ error }, 'orders maintenance not scheduled'),
  );
  void scheduleMonitoringRound(app.db, app.config.monitoring.checkHour).catch((error: unknown) =>
    app.log.warn({ error }, 'monitoring round not scheduled'),
  );
  void scheduleTitleGramsCompaction(app.db).catch((error: unknown) =>
    app.log.warn({ error }, 'title character fold not scheduled'),
  );
  return worker;
}

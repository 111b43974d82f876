import { shanghaiDay } from '@dso/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Database, queryRows } from './db/client';
import { CollectionScheduler } from './features/collection';
import { type JobLogger, JobWorker } from './features/jobs';
import { keywordJobHandlers } from './features/keywords';
import { firstRunPlan, seedFirstRun } from './features/keywords/demo/seed';
import type { KeywordScope } from './features/keywords/search/keyword-search.repository';
import { e2eVideoOptions, firstRunVideoOptions, seedVideoDemo } from './features/videos/demo/seed';
import type { SeedProgressEvent } from './first-start/seed-progress';
import { createJobRunner, scheduleUpkeep } from './job-handlers';
import { settlesWithin, shutdownBudget } from './lib/shutdown';

/** The day demo figures are as of: yesterday in China, as a platform's daily data would be. */
export function demoAsOf(now = new Date()): string {
  return shanghaiDay(new Date(now.getTime() - 86_400_000));
}

/** The logger the seed writes its progress to (the app's pino logger, or the first-run process's). */
export type SeedLogger = Pick<JobLogger, 'info'>;

export interface SeedDemoOptions {
  /** The share of the first-run set to seed (config DEMO_SCALE); below 1 the videos are the journeys' small set. */
  scale?: number;
  /** Told how far the seed is, library by library (the first-run process passes it on to the server). */
  onProgress?: (event: SeedProgressEvent) => void;
}

/**
 * First start with DEMO on: seed the small demo keyword library when the keyword tables are empty, and
 * run the derive jobs the seed queued (boards, correlation words) to the end, then the demo video
 * library when the video tables are empty, so the server starts with every library complete. Later
 * starts find the data and do nothing. Returns whether it seeded anything.
 */
export async function seedDemoDataIfEmpty(
  db: Database,
  log: SeedLogger,
  options: SeedDemoOptions = {},
): Promise<boolean> {
  const report = options.onProgress ?? (() => undefined);
  const scale = options.scale ?? 1;
  const keywordsSeeded = await seedIfEmpty(db, 'keywords', report, () => seedDemoKeywords(db, log, scale, report));
  // After the keywords: demo videos are titled with the library's head terms and linked to its rows.
  const videosSeeded = await seedIfEmpty(db, 'videos', report, () => seedDemoVideos(db, log, scale, report));
  return keywordsSeeded || videosSeeded;
}

/** Seeds a demo library only while its table is empty, else reports it skipped; whether it seeded. */
async function seedIfEmpty(
  db: Database,
  library: 'keywords' | 'videos',
  report: (event: SeedProgressEvent) => void,
  seed: () => Promise<void>,
): Promise<boolean> {
  const [existing] = await queryRows<{ found: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM ${sql.identifier(library)}) AS found`,
  );
  if (existing?.found) {
    report({ stage: 'skipped', library });
    return false;
  }
  await seed();
  return true;
}

async function seedDemoKeywords(
  db: Database,
  log: SeedLogger,
  scale: number,
  report: (event: SeedProgressEvent) => void,
): Promise<void> {
  const started = Date.now();
  log.info({}, 'first start: seeding the demo keyword library');
  const plan = firstRunPlan(demoAsOf());
  if (scale < 1) plan.scopes = plan.scopes.map((scope) => ({ ...scope, count: Math.ceil(scope.count * scale) }));
  const scopeName = (scope: KeywordScope) => `${scope.platform}${scope.country}`;
  // Every library's size up front, so the figure is of the whole keyword stage from the first batch.
  for (const scope of plan.scopes) report({ stage: 'keywords', scope: scopeName(scope), done: 0, total: scope.count });
  // What follows the rows: each library's derive step (logged as 'derived'), then the jobs the seed queued.
  let derived = 0;
  const deriveSteps = plan.scopes.length;
  plan.onProgress = (scope, done, total) => {
    report({ stage: 'keywords', scope: scopeName(scope), done, total });
    if (done === total) log.info({ platform: scope.platform, country: scope.country, keywords: total }, 'seeded');
  };
  await seedFirstRun(db, plan, (message, data) => {
    log.info(data ?? {}, message);
    if (message === 'derived') report({ stage: 'derive', done: ++derived, total: deriveSteps * 2 });
  });
  const [queued] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM jobs WHERE status = 'queued'`,
  );
  const jobs = Number(queued?.count ?? 0);
  let ran = 0;
  const jobLog: JobLogger = {
    ...(log as JobLogger),
    info: (data, message) => {
      log.info(data, message);
      if (message === 'job done') {
        ran++;
        report({
          stage: 'derive',
          done: deriveSteps + (deriveSteps * ran) / Math.max(jobs, ran),
          total: deriveSteps * 2,
        });
      }
    },
  };
  const drained = await new JobWorker(db, keywordJobHandlers, { log: jobLog }).drain();
  log.info({ ms: Date.now() - started, derived: drained }, 'demo data ready');
}

async function seedDemoVideos(
  db: Database,
  log: SeedLogger,
  scale: number,
  report: (event: SeedProgressEvent) => void,
): Promise<void> {
  const asOf = demoAsOf();
  const options = scale < 1 ? e2eVideoOptions(asOf) : { ...firstRunVideoOptions(asOf), now: new Date() };
  report({ stage: 'videos', done: 0, total: options.videos });
  const started = Date.now();
  await seedVideoDemo(
    db,
    options,
    (message, data) => log.info(data ?? {}, message),
    (counts) => report({ stage: 'videos', done: counts.videos, total: options.videos }),
  );
  log.info({ ms: Date.now() - started }, 'demo video library ready');
}

/**
 * The server's shutdown (docs/frame.md, "Shutdown"): it stops accepting connections at once, lets the
 * requests in flight finish and the in-process worker's job in hand finish or go back to the queue, side
 * by side and each within its share of `shutdownBudget`, then closes the database and the stores.
 */
export async function shutDownServer(app: FastifyInstance, worker: InProcessWorker | null): Promise<void> {
  await Promise.all([
    app.drainRequests(shutdownBudget.requestsMs),
    worker?.stop({ graceMs: shutdownBudget.jobGraceMs }),
  ]);
  if (!(await settlesWithin(app.close(), shutdownBudget.closeMs))) {
    app.log.warn({ withinMs: shutdownBudget.closeMs }, 'database or stores still closing: leaving them to the exit');
  }
}

/** The server's own worker and collection schedules, stopped together. */
export interface InProcessWorker {
  /** Stops the schedules, then the worker (the job in hand within `graceMs`, as JobWorker.stop). */
  stop(options?: { graceMs?: number }): Promise<void>;
  /** Polls the queue now (a job was just enqueued in this process). */
  nudge(): void;
}

/**
 * The job worker inside the server process (on unless JOBS_IN_PROCESS=false): imports and derives
 * run here when no separate `npm run worker` process serves the queue, and the collections of real
 * sources on their schedules. Stop it before closing the app.
 */
export function startInProcessWorker(app: FastifyInstance): InProcessWorker | null {
  if (!app.config.jobsInProcess) return null;
  const { worker, paceStore } = createJobRunner({
    db: app.db,
    providers: app.providers,
    config: app.config,
    log: app.log.child({ component: 'jobs' }),
    storeLog: app.log,
  });
  worker.start();
  // The schedules of collections whose source is a real vendor (docs/collection.md, "Where it runs").
  const log = app.log.child({ component: 'collection' });
  const scheduler = new CollectionScheduler(app.db, { crons: app.config.collection.realSourceCrons, log });
  void scheduler.start().catch((error: unknown) => log.warn({ error }, 'collection schedules not started'));
  void scheduleUpkeep(app.db, app.config.monitoring.checkHour).catch((error: unknown) =>
    app.log.warn({ error }, 'upkeep jobs not all scheduled'),
  );
  return {
    async stop(options) {
      scheduler.stop();
      await worker.stop(options);
      await settlesWithin(paceStore.close(), shutdownBudget.closeMs);
    },
    nudge: () => worker.nudge(),
  };
}

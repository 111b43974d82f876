import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from './db/client';
import { JobWorker } from './features/jobs/jobs.worker';
import { firstRunPlan, seedFirstRun } from './features/keywords/demo/seed';
import { scheduleOrdersMaintenance } from './features/orders/payments/maintenance.job';
import { shanghaiDate } from './features/permissions/permissions.service';
import { allJobHandlers } from './job-handlers';

/** The day demo figures are as of: yesterday in China, as a platform's daily data would be. */
export function demoAsOf(now = new Date()): string {
  return shanghaiDate(new Date(now.getTime() - 86_400_000));
}

/**
 * First start with DEMO on: seed the small demo library when the keyword tables are empty, and derive
 * its boards and relations right away. Later starts find the data and reuse it.
 */
export async function seedDemoDataIfEmpty(app: FastifyInstance) {
  if (!app.config.demo) return;
  const [existing] = await queryRows<{ found: boolean }>(app.db, sql`SELECT EXISTS (SELECT 1 FROM keywords) AS found`);
  if (existing?.found) return;
  const started = Date.now();
  app.log.info('first start: seeding the demo keyword library');
  const plan = firstRunPlan(demoAsOf());
  plan.onProgress = (scope, done, total) => {
    if (done === total) app.log.info({ platform: scope.platform, country: scope.country, keywords: total }, 'seeded');
  };
  await seedFirstRun(app.db, plan, (message, data) => app.log.info(data ?? {}, message));
  app.log.info({ ms: Date.now() - started }, 'demo data ready');
}

/**
 * The job worker inside the server process (on unless JOBS_IN_PROCESS=false): imports and derives
 * run here when no separate `npm run worker` process serves the queue. Stop it before closing the app.
 */
export function startInProcessWorker(app: FastifyInstance): JobWorker | null {
  if (!app.config.jobsInProcess) return null;
  const worker = new JobWorker(app.db, allJobHandlers({ providers: app.providers, publicUrl: app.config.publicUrl }), {
    log: app.log.child({ component: 'jobs' }),
  });
  worker.start();
  void scheduleOrdersMaintenance(app.db).catch((error: unknown) =>
    app.log.warn({ error }, 'orders maintenance not scheduled'),
  );
  return worker;
}

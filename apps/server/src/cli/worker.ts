import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig } from '../config';
import { databaseTarget, openDatabase } from '../db/client';
import { CollectionScheduler } from '../features/collection';
import { useTokenKeys } from '../features/publishing/token-sealing';
import { createJobRunner, scheduleUpkeep } from '../job-handlers';
import { exitOnStopSignals, settlesWithin, shutdownBudget } from '../lib/shutdown';
import { createProviders } from '../providers';

/**
 * `npm run worker [-- --once]`: a job worker process (imports, keyword derive) for the configured
 * PostgreSQL database; run as many as needed beside the API instances (set JOBS_IN_PROCESS=false on
 * those). With `--once` it runs what is due and exits, which also works on PGlite while the server is
 * stopped (a PGlite database is open in one process at a time).
 */
const { values } = parseArgs({ options: { once: { type: 'boolean', default: false } } });
const config = loadConfig();
const log = pino({ level: config.logLevel, name: 'worker' });
if (!config.databaseUrl && !values.once) {
  log.error(
    'npm run worker 需要 DATABASE_URL（PostgreSQL）：PGlite 数据库只能由一个进程打开，请使用服务器进程内的 worker（JOBS_IN_PROCESS=true），或用 --once 在服务器停止时处理队列',
  );
  process.exit(1);
}
const handle = await openDatabase(databaseTarget(config));
await handle.migrate();
const providers = createProviders({ config, db: handle.db, log });
// Deliveries and the token upkeep read and write sealed OAuth tokens.
useTokenKeys(config.tokenEncryption);
// Vendor calls of scheduled collection are paced in the rate-limit store: shared by every worker with REDIS_URL.
const { worker, paceStore } = createJobRunner({ db: handle.db, providers, config, log });
await scheduleUpkeep(handle.db, config.monitoring.checkHour);
// The collection schedules (docs/collection.md): a missed window is queued once, then each cron queues its windows.
const scheduler = new CollectionScheduler(handle.db, { crons: config.collection.crons, log });
if (values.once) {
  await scheduler.catchUp();
  const ran = await worker.drain();
  log.info({ ran }, 'queue drained');
  await paceStore.close();
  await handle.close();
} else {
  // The job in hand finishes within the grace or goes back to the queue for another worker (docs/frame.md, "Shutdown").
  exitOnStopSignals(async (signal) => {
    log.info({ signal }, 'stopping');
    scheduler.stop();
    await worker.stop({ graceMs: shutdownBudget.jobGraceMs });
    await settlesWithin(paceStore.close(), shutdownBudget.closeMs);
    if (!(await settlesWithin(handle.close(), shutdownBudget.closeMs))) {
      log.warn({ withinMs: shutdownBudget.closeMs }, 'database connections still busy: leaving them to the exit');
    }
  }, log);
  worker.start();
  await scheduler.start();
}

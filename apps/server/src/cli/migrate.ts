import pino from 'pino';
import { loadConfig } from '../config';
import { databaseTarget, openDatabase } from '../db/client';

/**
 * `npm run migrate` (built: `node apps/server/dist/migrate.js`): applies the shipped migrations to the configured
 * database and exits. Every process migrates when it starts, and drizzle's migrator takes no lock, so a deployment
 * of several API instances and workers on a new or upgraded database runs this once first (compose.yaml's `migrate`
 * service) and starts the others after it.
 */
const config = loadConfig();
const log = pino({ level: config.logLevel, name: 'migrate' });
const handle = await openDatabase(databaseTarget(config));
try {
  const started = performance.now();
  await handle.migrate();
  log.info({ database: handle.kind, ms: Math.round(performance.now() - started) }, 'migrations applied');
} finally {
  await handle.close();
}

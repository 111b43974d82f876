import { writeFileSync } from 'node:fs';
import pino from 'pino';
import { loadConfig } from './config';
import { databaseTarget, openDatabase } from './db/client';
import { maskedLogger } from './lib/log-masking';
import { DEMO_PARTS, demoSeededMarker, seedDemoDataIfEmpty } from './startup';

/**
 * The first start's demo seed as a process of its own: `prepareDemoData` (startup.ts) runs this file
 * before the server opens the database, so the memory that generating and deriving the libraries
 * takes is given back when it exits. It migrates the database first (the server's own migrate then
 * finds nothing to do), seeds only an empty library, and exits 0 when the data is ready, leaving the
 * marker that spares later starts of the same PGlite folder this process.
 */
const config = loadConfig();
const log = pino(maskedLogger({ level: config.logLevel, base: { component: 'first-run' } }) as pino.LoggerOptions);
const handle = await openDatabase(databaseTarget(config));
try {
  await handle.migrate();
  await seedDemoDataIfEmpty(handle.db, log);
} finally {
  await handle.close();
}
const marker = demoSeededMarker(config);
if (marker) writeFileSync(marker, `${DEMO_PARTS}\n`);

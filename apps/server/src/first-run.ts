import { writeFileSync } from 'node:fs';
import pino from 'pino';
import { loadConfig } from './config';
import { databaseTarget, openDatabase } from './db/client';
import { DEMO_PARTS, demoSeededMarker } from './first-start/first-run-process';
import type { SeedProgressEvent, SeedProgressMessage } from './first-start/seed-progress';
import { maskedLogger } from './lib/log-masking';
import { seedDemoDataIfEmpty } from './startup';

/**
 * The first start's demo seed as a process of its own: `prepareDemoData` (first-start/first-run-process.ts) runs this file
 * before the server opens the database, so the memory that generating and deriving the libraries
 * takes is given back when it exits. It migrates the database first (the server's own migrate then
 * finds nothing to do), seeds only an empty library, and exits 0 when the data is ready, leaving the
 * marker that spares later starts of the same PGlite folder this process. Its progress goes to the
 * server over the IPC channel `prepareDemoData` opens (the server tells callers while it waits).
 */
const config = loadConfig();
const log = pino(maskedLogger({ level: config.logLevel, base: { component: 'first-run' } }) as pino.LoggerOptions);
const report = (event: SeedProgressEvent) => {
  process.send?.({ type: 'seed-progress', event } satisfies SeedProgressMessage);
};
// An empty PGlite folder is created here (initdb), which takes a while of its own.
report({ stage: 'database', done: false });
const handle = await openDatabase(databaseTarget(config));
try {
  await handle.migrate();
  report({ stage: 'database', done: true });
  await seedDemoDataIfEmpty(handle.db, log, { scale: config.demoScale, onProgress: report });
} finally {
  await handle.close();
}
const marker = demoSeededMarker(config);
if (marker) writeFileSync(marker, `${DEMO_PARTS}\n`);
// The IPC channel would keep this process alive.
process.disconnect?.();

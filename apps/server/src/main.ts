import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { type AppConfig, ConfigError, loadConfig } from './config';
import { DatabaseInUseError } from './db/pglite-lock';
import { needsFirstRun, prepareDemoData } from './first-start/first-run-process';
import { buildPreparingApp, listenShared } from './first-start/preparing-server';
import { SeedProgress } from './first-start/seed-progress';
import { serverFile } from './lib/server-files';
import { exitOnStopSignals, settlesWithin, shutdownBudget } from './lib/shutdown';

// The app and the worker (every feature, provider and seed module) are imported when needed: a first
// start opens its port before loading them.

async function main() {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  config = { ...config, webDist: config.webDist ?? builtWebApp() };
  if (await needsFirstRun(config)) await startAfterFirstRun(config);
  else await start(config);
}

/** Every start but a first one with demo data: open the database, listen, run the worker. */
async function start(config: AppConfig) {
  const [{ buildApp }, { shutDownServer, startInProcessWorker }] = await Promise.all([
    import('./app'),
    import('./startup'),
  ]);
  const app = await buildApp({ config });
  let worker: ReturnType<typeof startInProcessWorker> = null;
  exitOnStopSignals(async (signal) => {
    app.log.info({ signal }, 'shutting down');
    await shutDownServer(app, worker);
  }, app.log);
  await app.listen({ host: config.host, port: config.port });
  worker = startInProcessWorker(app);
}

/**
 * A first start with demo data: the port opens at once and a small preparing app answers
 * (the web app's files; every API call a 650 envelope saying which libraries are ready) while the
 * first-run process seeds the database, which is that process's alone until it exits (PGlite: one
 * process per folder). Then the real app is built on the same listening socket and takes it over.
 */
async function startAfterFirstRun(config: AppConfig) {
  const listener = await listenShared(config.host, config.port);
  const progress = new SeedProgress();
  const preparing = await buildPreparingApp({ webDist: config.webDist, progress, logLevel: config.logLevel });
  listener.use(preparing.routing);
  preparing.log.info(
    `Server listening at ${listener.address} (preparing the demo data: the API answers 650 until it is ready)`,
  );

  let app: FastifyInstance | null = null;
  let worker: import('./startup').InProcessWorker | null = null;
  let shutDownServer: typeof import('./startup').shutDownServer | null = null;
  const stopSeed = new AbortController();
  const seeding = prepareDemoData({ onProgress: (event) => progress.apply(event), signal: stopSeed.signal });
  exitOnStopSignals(async (signal) => {
    if (app && shutDownServer) {
      app.log.info({ signal }, 'shutting down');
      await shutDownServer(app, worker);
      return;
    }
    preparing.log.info({ signal }, 'shutting down while the demo data is prepared: stopping the first-run process');
    stopSeed.abort();
    const closed = new Promise<void>((resolve) => listener.server.close(() => resolve()));
    listener.server.closeAllConnections();
    await settlesWithin(Promise.all([seeding, closed]), shutdownBudget.requestsMs);
  }, preparing.log);

  // Loaded while the child seeds, so the hand-over only opens the database.
  const modules = Promise.all([import('./app'), import('./startup')]);
  try {
    await seeding;
  } catch (error) {
    // Stopped by a signal: the handler above exits.
    if (stopSeed.signal.aborted) return;
    throw error;
  }
  progress.seeded();
  const [{ buildApp }, startup] = await modules;
  const built = await buildApp({ config, serverFactory: listener.serverFactory });
  await built.ready();
  listener.takeOver();
  app = built;
  shutDownServer = startup.shutDownServer;
  app.log.info(`demo data ready: the full API answers at ${listener.address}`);
  await preparing.close();
  worker = startup.startInProcessWorker(app);
}

await main().catch((error: unknown) => {
  // Another process has the embedded database open (db/pglite-lock.ts): say so plainly rather than with a stack.
  if (error instanceof DatabaseInUseError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
});

/** The web app built by `npm run build`, when present. */
function builtWebApp(): string | undefined {
  const folder = serverFile('..', 'web', 'dist');
  return existsSync(folder) ? folder : undefined;
}

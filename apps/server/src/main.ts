import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { type AppConfig, ConfigError, loadConfig } from './config';
import { exitOnStopSignals } from './lib/shutdown';
import { prepareDemoData, shutDownServer, startInProcessWorker } from './startup';

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
  // Before the server opens the database: the seed runs in a process of its own (see prepareDemoData).
  await prepareDemoData(config);
  const app = await buildApp({ config: { ...config, webDist: config.webDist ?? builtWebApp() } });
  let worker: ReturnType<typeof startInProcessWorker> = null;
  exitOnStopSignals(async (signal) => {
    app.log.info({ signal }, 'shutting down');
    await shutDownServer(app, worker);
  }, app.log);
  await app.listen({ host: config.host, port: config.port });
  worker = startInProcessWorker(app);
}

await main();

/** The web app built by `npm run build`, when present. */
function builtWebApp(): string | undefined {
  const folder = fileURLToPath(new URL('../../web/dist', import.meta.url));
  return existsSync(folder) ? folder : undefined;
}

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { type AppConfig, ConfigError, loadConfig } from './config';
import { prepareDemoData, startInProcessWorker } from './startup';

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
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await worker?.stop();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ host: config.host, port: config.port });
  worker = startInProcessWorker(app);
}

await main();

/** The web app built by `npm run build`, when present. */
function builtWebApp(): string | undefined {
  const folder = fileURLToPath(new URL('../../web/dist', import.meta.url));
  return existsSync(folder) ? folder : undefined;
}

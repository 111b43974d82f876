import { fileURLToPath } from 'node:url';
import { buildApp } from '@dso/server';
import { loadConfig } from '@dso/server/config';
import { createTestDatabase } from '@dso/server/testing';

const webDist = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** The real server with the built web app on a free port and a fresh database. */
export async function startServer(): Promise<RunningServer> {
  const database = await createTestDatabase();
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), webDist };
  const app = await buildApp({ config, database, logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: address,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

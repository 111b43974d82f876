import { randomBytes } from 'node:crypto';
import { type AddressInfo, createServer } from 'node:net';
import pg from 'pg';

/** A port nothing listens on now, for a process a test spawns. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A new empty database on the PostgreSQL server at `serverUrl` for processes a test spawns (they
 * migrate it): its address, and a drop that removes it with whatever is still connected.
 */
export async function createServerDatabase(serverUrl: string, label: string) {
  const name = `dso_test_${process.env.DSO_TEST_RUN ?? 'x'}_${label}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

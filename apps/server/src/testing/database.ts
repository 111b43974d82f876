import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type DatabaseHandle, dumpPgliteImage, openDatabase } from '../db/client';

/**
 * A fresh, migrated database for one test suite: in-memory PGlite by default, or a new database on
 * the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ memory: true, image: await migratedImage() });
  const name = `dso_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  await handle.migrate();
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

let image: Promise<Blob> | null = null;

/**
 * A migrated, empty PGlite data folder to open each suite's database from. Creating a PGlite database
 * runs initdb (seconds of WebAssembly work per suite, the largest part of a route suite's set-up);
 * opening a dump of a migrated one skips initdb and the migrations alike. The dump is made once per
 * migration set and kept in the system's temporary folder for every test process to share (written
 * to a file of its own, then renamed, so no reader sees half a file).
 */
function migratedImage(): Promise<Blob> {
  image ??= (async () => {
    const file = path.join(tmpdir(), `dso-test-pglite-${migrationsKey()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const handle = await openDatabase({ memory: true });
    try {
      await handle.migrate();
      const dump = await dumpPgliteImage(handle.db);
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
      return dump;
    } finally {
      await handle.close();
    }
  })();
  return image;
}

/** A hash of the migration files and the PGlite version: a new migration or PGlite makes a new image. */
function migrationsKey(): string {
  const folder = fileURLToPath(new URL('../../drizzle', import.meta.url));
  const hash = createHash('sha256');
  // The package's entry file stands for its version (its package.json is not exported).
  hash.update(readFileSync(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))));
  for (const name of readdirSync(folder)
    .filter((entry) => entry.endsWith('.sql'))
    .sort()) {
    hash.update(name).update(readFileSync(path.join(folder, name)));
  }
  hash.update(readFileSync(path.join(folder, 'meta', '_journal.json')));
  return hash.digest('hex').slice(0, 16);
}

async function adminQuery(serverUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

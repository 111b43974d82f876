import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, type DatabaseHandle, dumpPgliteImage, openDatabase, queryRows } from '../db/client';

/**
 * Names one test run (set by `testing/global-setup.ts` before any worker starts). Within a run the
 * databases every suite starts from are made once and copied: a template database on PostgreSQL, a
 * data-folder image in the temporary folder for PGlite. The run's teardown removes them, so no copy
 * outlives the code that made it.
 */
export const TEST_RUN_VARIABLE = 'DSO_TEST_RUN';

const currentRun = () => process.env[TEST_RUN_VARIABLE] || null;

/**
 * A fresh, migrated database for one test suite: in-memory PGlite by default, or a new database on
 * the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 */
export function createTestDatabase(): Promise<DatabaseHandle> {
  return createSeededTestDatabase(null);
}

/** How many rows the table named `table` holds. */
export async function rowCount(db: Database, table: string): Promise<number> {
  return Number((await queryRows<{ n: number }>(db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]!.n);
}

/**
 * Writes a migrated PGlite data folder at `dataDir/pglite`, where a server process given DATA_DIR opens it: the
 * tests' migrated image loaded into a folder, so a spawned server starts without running initdb and the migrations.
 * For suites that run without TEST_DATABASE_URL.
 */
export async function writeMigratedPgliteFolder(dataDir: string): Promise<void> {
  const migrated = await createTestDatabase();
  const image = await dumpPgliteImage(migrated.db);
  await migrated.close();
  const folder = new PGlite(path.join(dataDir, 'pglite'), { loadDataDir: image });
  await folder.waitReady;
  await folder.close();
}

/**
 * A fresh test database holding what `seed` writes to a migrated one. In a named run the seeding happens
 * once per `key` and later calls (in any worker) start from a copy of its result; `key` must therefore
 * name every input of `seed` (the browser journeys' servers seed the same demo library file after file).
 */
export async function createSeededTestDatabase(
  seeding: { key: string; seed: (db: Database) => Promise<void> } | null,
): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openPgliteCopy(seeding);
  const run = currentRun();
  const name = `dso_test_${run ?? 'x'}_${randomBytes(6).toString('hex')}`;
  if (run) {
    const template = await ensureTemplate(serverUrl, run, seeding);
    await createDatabaseFrom(serverUrl, name, template);
  } else {
    await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  }
  const handle = await openDatabase({ url: databaseUrl(serverUrl, name) });
  if (!run) {
    await handle.migrate();
    await seeding?.seed(handle.db);
  }
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function openPgliteCopy(seeding: { key: string; seed: (db: Database) => Promise<void> } | null) {
  const run = currentRun();
  const file = seeding && run ? path.join(tmpdir(), `dso-test-${run}-${identifier(seeding.key)}.tar`) : null;
  if (file && existsSync(file)) return openDatabase({ memory: true, image: new Blob([readFileSync(file)]) });
  const handle = await openDatabase({ memory: true, image: await migratedImage() });
  if (!seeding) return handle;
  await seeding.seed(handle.db);
  if (file) writeAtomically(file, Buffer.from(await (await dumpPgliteImage(handle.db)).arrayBuffer()));
  return handle;
}

/**
 * The run's template database for `seeding` (a migrated, empty one for null), made by the first caller:
 * an advisory lock keeps two workers from making it at once. A seeded template starts from the migrated
 * one, so the migrations run once per run.
 */
async function ensureTemplate(
  serverUrl: string,
  run: string,
  seeding: { key: string; seed: (db: Database) => Promise<void> } | null,
): Promise<string> {
  const template = `dso_tpl_${run}_${seeding ? identifier(seeding.key) : 'migrated'}`.slice(0, 63);
  const from = seeding ? await ensureTemplate(serverUrl, run, null) : null;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (exists.rowCount) return template;
    if (from) await createDatabaseFrom(serverUrl, template, from);
    else await client.query(`CREATE DATABASE ${template}`);
    try {
      const handle = await openDatabase({ url: databaseUrl(serverUrl, template) });
      try {
        if (!from) await handle.migrate();
        await seeding?.seed(handle.db);
      } finally {
        await handle.close();
      }
    } catch (error) {
      await client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      throw error;
    }
    return template;
  } finally {
    await client.end();
  }
}

/**
 * CREATE DATABASE … TEMPLATE refuses while anything is connected to the template; the connections of the
 * handle that made it can linger a moment after its pool has ended, so the copy is retried briefly.
 */
async function createDatabaseFrom(serverUrl: string, name: string, template: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (error) {
      const busy = (error as { code?: string }).code === '55006';
      if (!busy || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Removes what a run made: its template databases, any suite database left behind, its PGlite images. */
export async function removeRunCopies(run: string) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      const names = await client.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname LIKE $2',
        [`dso_tpl_${run}_%`, `dso_test_${run}_%`],
      );
      for (const { datname } of names.rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  }
  for (const entry of readdirSync(tmpdir())) {
    if (entry.startsWith(`dso-test-${run}-`)) rmSync(path.join(tmpdir(), entry), { force: true });
  }
}

function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A key as a database-name and file-name part. */
const identifier = (key: string) => key.toLowerCase().replace(/[^a-z0-9]+/g, '_');

function writeAtomically(file: string, content: Buffer) {
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, content);
  renameSync(partial, file);
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
      writeAtomically(file, Buffer.from(await dump.arrayBuffer()));
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

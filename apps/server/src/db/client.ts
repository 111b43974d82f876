import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { isRetryableConflict } from '../lib/backend-faults';
import { serverFile } from '../lib/server-files';
import { lockPgliteFolder } from './pglite-lock';
import * as schema from './schema';
import { StatementGate } from './statement-gate';

export type Schema = typeof schema;
/** The one database type features use, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = serverFile('drizzle');

/**
 * `memory` is an in-memory PGlite, created empty or, with `image`, from a dump of another one's data
 * folder (`dumpPgliteImage`): loading a dump skips initdb, several seconds of WebAssembly work.
 */
export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true; image?: Blob };

/** The data folder of an in-memory PGlite database as an uncompressed tarball, to open copies of it from. */
export async function dumpPgliteImage(db: Database): Promise<Blob> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (!(client instanceof PGlite)) throw new Error('dumpPgliteImage: not a PGlite database');
  return client.dumpDataDir('none');
}

/** Which server a database speaks to: the embedded PGlite or a PostgreSQL server. */
export function databaseKind(db: Database): DatabaseHandle['kind'] {
  return (db as unknown as { $client: unknown }).$client instanceof PGlite ? 'pglite' : 'postgres';
}

/** Where the configuration says the database is: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR. */
export function databaseTarget(config: { databaseUrl: string | undefined; dataDir: string }): DatabaseTarget {
  return config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir };
}

/** PostgreSQL when a URL is given, else PGlite in a folder (or in memory for tests). */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ('url' in target) return openPostgres(target.url);
  if ('dataDir' in target) return openPglite(path.join(target.dataDir, 'pglite'));
  return openPglite(undefined, target.image);
}

/**
 * Where the heavy reads of the libraries go (docs/scale.md, "Reads from the replica"): a pool on the streaming
 * replica at `url`, or the primary's own `db` when there is none. Never migrated: a replica follows its primary.
 */
export async function openReadDatabase(
  url: string | undefined,
  primary: Database,
): Promise<{ db: Database; close(): Promise<void> }> {
  if (!url) return { db: primary, close: async () => undefined };
  const replica = await openPostgres(url);
  return { db: replica.db, close: () => replica.close() };
}

async function openPglite(folder: string | undefined, image?: Blob): Promise<DatabaseHandle> {
  let unlock = () => {};
  if (folder) {
    mkdirSync(folder, { recursive: true });
    // One process per folder (db/pglite-lock.ts): refused here, before this process reads a page of it.
    unlock = lockPgliteFolder(folder);
    if (!existsSync(path.join(folder, 'PG_VERSION'))) await initializePgliteApart(folder);
  }
  const client = new PGlite({
    ...(folder ? { dataDir: folder } : {}),
    ...(image ? { loadDataDir: image } : {}),
    startParams: pgliteStartParams,
  });
  try {
    await client.waitReady;
  } catch (error) {
    unlock();
    throw error;
  }
  const timing: StatementTiming = { observer: null };
  const gate = gateStatements(client, timing);
  const db = retryTransactions(drizzlePglite({ client, schema }) as unknown as Database);
  heavyReadLanes.set(db, { lane: new Lane(1), gate });
  statementTimings.set(db, timing);
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    close: async () => {
      try {
        await runCloseHooks(db);
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

/**
 * Sends every statement and transaction of a PGlite client through a {@link StatementGate}. The
 * methods are replaced on the instance, not wrapped in another object: the drivers and the dump
 * helper recognise the client by its class.
 */
function gateStatements(client: PGlite, timing: StatementTiming): StatementGate {
  const gate = new StatementGate();
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  // Timed inside the gate: the time a statement gave way to others is not the database's.
  client.query = ((...args: Parameters<typeof query>) =>
    gate.statement(() => timed(timing, () => query(...args)))) as typeof query;
  client.transaction = ((...args: Parameters<typeof transaction>) =>
    gate.statement(() => timed(timing, () => transaction(...args)))) as typeof transaction;
  return gate;
}

/**
 * PGlite's own start parameters plus a smaller buffer pool: PostgreSQL touches all of shared_buffers
 * when it starts, and in one WebAssembly process that is resident memory for the server's whole life
 * (initdb's 128MB cost a restarted demo server 110 MB of its 448). The files stay in the system's
 * page cache, so a page missing from the pool is a cheap read.
 */
const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * Creates a new PGlite folder (its initdb) in a short-lived child process. Initializing holds about
 * 600 MB of WebAssembly memory and buffers, and a process does not give freed memory back to the
 * system, so a server that ran initdb itself kept twice the resident memory of a restarted one for
 * its whole life. When the child fails, the caller's own open initializes the folder or reports why not.
 */
async function initializePgliteApart(folder: string) {
  const module = import.meta.resolve('@electric-sql/pglite');
  const script = `const { PGlite } = await import(${JSON.stringify(module)});
    const db = new PGlite(process.env.DSO_PGLITE_FOLDER); await db.waitReady; await db.close();`;
  await new Promise<void>((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, DSO_PGLITE_FOLDER: folder },
      stdio: 'ignore',
    });
    child.once('error', () => resolve());
    child.once('exit', () => resolve());
  });
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  // An idle connection can be closed by the server (restart, failover, a dropped test database);
  // the pool replaces it on next use, so the error must not go unhandled and crash the process.
  pool.on('error', () => undefined);
  const timing: StatementTiming = { observer: null };
  // Every statement runs on one of the pool's connections, transactions' included; `pool.query` too.
  pool.on('connect', (connection) => timeConnectionStatements(connection, timing));
  const db = retryTransactions(drizzlePg({ client: pool, schema }) as unknown as Database);
  statementTimings.set(db, timing);
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder }),
    close: async () => {
      await runCloseHooks(db);
      await pool.end();
    },
  };
}

/**
 * Told of each statement a handle ran: how long it took and whether it failed (the `/metrics` histogram). On
 * PGlite a transaction is sent, and so timed, as one.
 */
export type StatementObserver = (seconds: number, failed: boolean) => void;

interface StatementTiming {
  observer: StatementObserver | null;
}

const statementTimings = new WeakMap<Database, StatementTiming>();

/** Times every later statement of `db` for `observer` (null stops it); one observer per handle. */
export function observeStatements(db: Database, observer: StatementObserver | null) {
  const timing = statementTimings.get(db);
  if (timing) timing.observer = observer;
}

/** Runs `send` and tells the observer, if any, how long it took; costs nothing without one. */
function timed<T>(timing: StatementTiming, send: () => Promise<T>): Promise<T> {
  const observer = timing.observer;
  if (!observer) return send();
  const started = performance.now();
  const answer = send();
  answer.then(
    () => observer((performance.now() - started) / 1000, false),
    () => observer((performance.now() - started) / 1000, true),
  );
  return answer;
}

/**
 * Times the statements of one pool connection. node-postgres calls `query` with a callback (the pool's own
 * `pool.query`) or for a promise; a streaming query (a cursor) answers neither and is not timed.
 */
function timeConnectionStatements(connection: pg.PoolClient, timing: StatementTiming) {
  const query = connection.query.bind(connection) as (...args: unknown[]) => unknown;
  (connection as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const observer = timing.observer;
    if (!observer) return query(...args);
    const started = performance.now();
    const tell = (failed: boolean) => observer((performance.now() - started) / 1000, failed);
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        tell(Boolean(error));
        callback(error, result);
      };
      return query(...args);
    }
    const answer = query(...args);
    if (answer instanceof Promise)
      answer.then(
        () => tell(false),
        () => tell(true),
      );
    return answer;
  };
}

/** The connections of a PostgreSQL handle's pool (null on PGlite, which has one and no pool). */
export function connectionPoolState(db: Database): { total: number; idle: number; waiting: number } | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return null;
  return { total: client.totalCount, idle: client.idleCount, waiting: client.waitingCount };
}

const closeHooks = new WeakMap<Database, Array<() => Promise<void>>>();

/** Runs `hook` when the handle of `db` closes, first: for connections a feature opened on its own. */
export function onDatabaseClose(db: Database, hook: () => Promise<void>) {
  closeHooks.set(db, [...(closeHooks.get(db) ?? []), hook]);
}

async function runCloseHooks(db: Database) {
  const hooks = closeHooks.get(db) ?? [];
  closeHooks.delete(db);
  await Promise.all(hooks.map((hook) => hook()));
}

/** How often a transaction that lost a serialization conflict or a deadlock runs again. */
export const TRANSACTION_RETRIES = 3;

/**
 * Runs `attempt` again after a serialization failure (40001) or a deadlock (40P01), up to
 * {@link TRANSACTION_RETRIES} times with a short jittered pause, so that two transactions which
 * collided do not collide again in lockstep. PostgreSQL has rolled the loser back, so running the
 * whole transaction again is the documented remedy; any other failure is thrown at once.
 */
export async function retryConflicts<T>(attempt: () => Promise<T>, retries = TRANSACTION_RETRIES): Promise<T> {
  for (let failures = 0; ; failures++) {
    try {
      return await attempt();
    } catch (error) {
      if (failures >= retries || !isRetryableConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * 2 ** failures + Math.random() * 10));
    }
  }
}

/**
 * The one transaction helper: every `db.transaction(...)` of a handle goes through
 * {@link retryConflicts}, so no caller can forget it. Savepoints (`tx.transaction`) are not retried
 * on their own: after a conflict the whole outer transaction is void.
 */
function retryTransactions(db: Database): Database {
  const begin = db.transaction.bind(db);
  db.transaction = ((body, config) => retryConflicts(() => begin(body, config))) as Database['transaction'];
  return db;
}

/** A first-come first-served gate that lets `size` tasks run at once; the others wait without working. */
class Lane {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly size: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      // The finished task's turn passes straight to the next waiting one, so nobody overtakes it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

const heavyReadLanes = new WeakMap<Database, { lane: Lane; gate: StatementGate }>();

/**
 * Runs a heavy read (a library search: tens of milliseconds of one query after another) in its
 * database's lane. PGlite runs every statement on one connection in arrival order, so six searches
 * of one client queued there made another user's quick call wait for all six (the fairness
 * benchmark's 350-430 ms): in the lane, searches wait their turn outside the database, one at a time,
 * and a quick call waits for one search at most. Inside the lane the search's statements also give
 * way to quick ones (`StatementGate`), so a quick call waits for one search statement at most.
 * PostgreSQL runs statements side by side and has neither; there the request limits alone keep one
 * client from taking every connection.
 */
export function inHeavyReadLane<T>(db: Database, read: () => Promise<T>): Promise<T> {
  const lanes = heavyReadLanes.get(db);
  return lanes ? lanes.lane.run(() => lanes.gate.heavy(read)) : read();
}

/** Rows of a raw SQL query; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();
/** Types drizzle hands over as text on node-postgres; prepared queries must read them the same way. */
const textTypes = new Set<number>([
  pg.types.builtins.DATE,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.INTERVAL,
]);
const preparedTypes = {
  getTypeParser: ((typeId: number, format?: 'text' | 'binary') =>
    textTypes.has(typeId)
      ? (value: string) => value
      : pg.types.getTypeParser(typeId, format)) as typeof pg.types.getTypeParser,
};

/**
 * `queryRows` for the hottest statements: on PostgreSQL each connection plans the statement once
 * (a named statement, named by its text), which halves the cost of a millisecond query. PGlite,
 * in-process, runs it as usual.
 */
export async function queryPrepared<T>(db: Database, query: SQL): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `dso_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
  const result = await client.query({ name, text, values: params, types: preparedTypes });
  return result.rows as T[];
}

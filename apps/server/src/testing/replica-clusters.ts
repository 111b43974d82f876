import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { serverFile } from '../lib/server-files';
import { freePort } from './ports';

const run = promisify(execFile);
const topologyScript = serverFile('..', '..', 'scripts', 'topology.sh');

/** The folder of the installed PostgreSQL's initdb and pg_ctl (the newest version), or null without one. */
export function postgresBinaries(): string | null {
  if (process.env.PG_BIN) return existsSync(path.join(process.env.PG_BIN, 'initdb')) ? process.env.PG_BIN : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? path.join(root, newest, 'bin') : null;
}

/** A PostgreSQL primary and its streaming replica, made for a test by `scripts/topology.sh db-up`. */
export interface ReplicaClusters {
  primaryUrl: string;
  replicaUrl: string;
  /** Waits until the replica has replayed everything the primary wrote so far. */
  caughtUp(): Promise<void>;
  /** Stops both clusters and removes their folder. */
  stop(): Promise<void>;
}

/**
 * Starts two new clusters of the installed PostgreSQL on free ports in a temporary folder, through the topology
 * script's own `db-up` (initdb, then pg_basebackup -R), so the test runs what the script runs.
 */
export async function startReplicaClusters(): Promise<ReplicaClusters> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dso-replica-'));
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const env = {
    ...process.env,
    TOPOLOGY_DIR: dir,
    TOPOLOGY_PG_PORT: String(primaryPort),
    TOPOLOGY_REPLICA_PORT: String(replicaPort),
  };
  const script = (command: string) => run('bash', [topologyScript, command], { env, timeout: 60_000 });
  const stop = async () => {
    await script('db-down').catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await script('db-up');
  } catch (error) {
    await stop();
    throw error;
  }
  const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/dso`;
  const replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/dso`;
  return {
    primaryUrl,
    replicaUrl,
    caughtUp: () => replicaCaughtUp(primaryUrl, replicaUrl),
    stop,
  };
}

/** Polls the replica's replayed WAL position until it reaches the primary's current one (10 s at most). */
async function replicaCaughtUp(primaryUrl: string, replicaUrl: string) {
  const primary = new pg.Client({ connectionString: primaryUrl });
  const replica = new pg.Client({ connectionString: replicaUrl });
  await Promise.all([primary.connect(), replica.connect()]);
  try {
    const { rows } = await primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
    const deadline = Date.now() + 10_000;
    for (;;) {
      const answer = await replica.query<{ done: boolean }>('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done', [
        rows[0]?.lsn,
      ]);
      if (answer.rows[0]?.done) return;
      if (Date.now() > deadline) throw new Error(`the replica did not replay up to ${rows[0]?.lsn} within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await Promise.all([primary.end(), replica.end()]);
  }
}

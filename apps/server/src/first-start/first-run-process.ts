import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { AppConfig } from '../config';
import { entryFile } from '../lib/server-files';
import { isSeedProgressMessage, type SeedProgressEvent } from './seed-progress';

/*
 * Deciding on and running the first-run process. Kept apart from startup.ts (the seed itself, the
 * worker): the server imports only this much before its port opens.
 */

/**
 * Whether this start runs the first-run process ({@link prepareDemoData}): DEMO on, unless the demo
 * libraries are there: a PGlite folder carrying the marker of a finished first run, or a PostgreSQL
 * database whose keyword and video tables hold rows (asked directly: such a database may be shared,
 * or emptied without this folder knowing).
 */
export async function needsFirstRun(config: Pick<AppConfig, 'demo' | 'databaseUrl' | 'dataDir'>): Promise<boolean> {
  if (!config.demo) return false;
  if (config.databaseUrl) return !(await holdsDemoLibraries(config.databaseUrl));
  const marker = demoSeededMarker(config);
  return !(
    marker &&
    existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION')) &&
    existsSync(marker) &&
    readFileSync(marker, 'utf8').trim() === DEMO_PARTS
  );
}

/** Whether the database has keyword and video rows; false too when it has no such tables yet (an empty one). */
async function holdsDemoLibraries(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  // A server that drops the connection after the answer must not crash the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ held: boolean }>(
      'SELECT EXISTS (SELECT 1 FROM keywords) AND EXISTS (SELECT 1 FROM videos) AS held',
    );
    return rows[0]?.held === true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Runs the first start's demo seed ({@link seedDemoDataIfEmpty}) in a short-lived child process
 * (`first-run.ts`) before the server opens its database. Generating and deriving the libraries
 * grows a process by a few hundred MB that it never gives back to the system (PGlite's WebAssembly
 * memory only grows), so a server that seeded itself kept that for its whole life; the child hands
 * the finished database over and exits. On PGlite this is also the only safe order: one folder, one
 * process at a time. The child reports its progress over an IPC channel (`onProgress`); aborting
 * `signal` stops it. Resolves when the child is done; rejects when it failed or was stopped.
 */
export async function prepareDemoData(
  options: { onProgress?: (event: SeedProgressEvent) => void; signal?: AbortSignal } = {},
): Promise<void> {
  const entry = entryFile('first-run');
  // The same Node with the same loader flags (tsx's from source, none from the build), the same environment.
  const child = spawn(process.execPath, [...process.execArgv, entry], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: process.env,
    signal: options.signal,
  });
  child.on('message', (message) => {
    if (isSeedProgressMessage(message)) options.onProgress?.(message.event);
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    // Aborting kills the child, which then exits: wait for that, so the database is free when this resolves.
    child.once('error', (error) => {
      if (!options.signal?.aborted) reject(error);
    });
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  if (options.signal?.aborted) throw new Error('the first-run demo seed was stopped');
  if (code !== 0) throw new Error(`the first-run demo seed failed (exit code ${code}); see its log above`);
}

/**
 * The parts of the demo data a first run seeds, as its marker records them: a folder seeded before a
 * part was added gets the first-run process again, which seeds what is missing.
 */
export const DEMO_PARTS = 'keywords videos';

/**
 * The file the first-run process leaves beside an embedded (PGlite) database once its demo data is
 * ready; null on PostgreSQL, whose database may be shared and emptied without this folder knowing.
 */
export function demoSeededMarker(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): string | null {
  return config.databaseUrl ? null : path.join(config.dataDir, 'demo-seeded');
}

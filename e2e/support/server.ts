import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@dso/server';
import { loadConfig } from '@dso/server/config';
import type { Database } from '@dso/server/db';
import { startInProcessWorker } from '@dso/server/startup';
import { createSeededTestDatabase, createUser, freePort, loginAs } from '@dso/server/testing';

export const webDist = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

/**
 * The configuration every journey's server runs with: the built web app, quiet logs, and an
 * operator's site details (footer, contact dialog) as an installation would set them.
 */
export function journeyConfig(variables: Record<string, string> = {}) {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SITE_COMPANY_NAME: '杭州示例网络科技有限公司',
      SITE_PHONE: '0571-88888888',
      SITE_EMAIL: 'support@example.cn',
      SITE_ICP: '浙ICP备00000000号-1',
      SITE_OFFICIAL_ACCOUNT_URL: 'https://mp.weixin.qq.com/example',
      SITE_SUPPORT_WECHAT_URL: 'https://work.weixin.qq.com/kfid/example',
      ...variables,
    }),
    webDist,
  };
}

export type JourneyConfig = ReturnType<typeof journeyConfig>;

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** A signed-in account: its row's id and phone, and a session token for `signIn`. */
export interface JourneyAccount {
  id: number;
  phone: string;
  token: string;
}

/** A new account of `grade` (FREE by default) with an open session. */
export async function journeyAccount(db: Database, grade = 'FREE'): Promise<JourneyAccount> {
  const user = await createUser(db, { grade });
  return { id: user.id, phone: user.phone, token: await loginAs(db, user.id) };
}

export interface JourneyServerOptions<Prepared> {
  /**
   * What the database starts with: seeded once per run under `key` and copied for each server (the key must
   * name every input of `seed`), or a fresh migrated database when absent.
   */
  seeded?: { key: string; seed: (db: Database) => Promise<void> };
  /** Configuration variables on top of the journeys' own. */
  variables?: Record<string, string>;
  /**
   * Serve at `http://localhost:<port>` with `PUBLIC_URL` set to it, for pages that send the browser back to
   * the server (the sandbox WeChat QR's scan page); `localhost` is also where code login is offered.
   */
  selfLinked?: boolean;
  /** A `DATA_DIR` of the server's own, a temporary folder removed on close, for journeys that store files. */
  ownDataDir?: boolean;
  /**
   * The in-process job worker: started with the server (`'start'`), left for the journey to start with
   * `startWorker()` (`'later'`), or none (absent).
   */
  worker?: 'start' | 'later';
  /** The journey's own rows, written before the app starts; what it returns is the server's `prepared`. */
  prepare?: (db: Database, context: { dataDir: string }) => Promise<Prepared>;
  /** Rows that need tables the app writes as it starts (its permission table), written once it listens. */
  afterStart?: (db: Database, prepared: Prepared) => Promise<void>;
}

/** The real server with the built web app, as a journey holds it while it runs. */
export interface JourneyServer<Prepared = undefined> extends RunningServer {
  db: Database;
  config: JourneyConfig;
  /** What `prepare` returned. */
  prepared: Prepared;
  /** A new account of `grade` (FREE by default) with an open session. */
  account(grade?: string): Promise<JourneyAccount>;
  /** Starts the in-process job worker if it is not running yet. */
  startWorker(): void;
  /** Tells the worker that jobs are due (it otherwise looks on its own schedule). */
  nudgeWorker(): void;
}

/**
 * The one way a journey's server starts: a test database (fresh, or a copy of a per-run seed), the
 * journey's rows, the app with {@link journeyConfig} on a free port, the job worker if asked for, and a
 * `close` that stops and removes all of it. The worker starts after `afterStart`, with every row in place. A start that fails part-way closes what it opened.
 */
export async function startJourneyServer<Prepared = undefined>(
  options: JourneyServerOptions<Prepared> = {},
): Promise<JourneyServer<Prepared>> {
  const port = options.selfLinked ? await freePort() : 0;
  const selfUrl = `http://localhost:${port}`;
  const config = journeyConfig({ ...(options.selfLinked ? { PUBLIC_URL: selfUrl } : {}), ...options.variables });
  const dataDir = options.ownDataDir ? await mkdtemp(path.join(tmpdir(), 'dso-e2e-')) : config.dataDir;
  const database = await createSeededTestDatabase(options.seeded ?? null);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let worker: ReturnType<typeof startInProcessWorker> = null;
  const close = async () => {
    await worker?.stop();
    await app?.close();
    await database.close();
    if (options.ownDataDir) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const prepared = (await options.prepare?.(database.db, { dataDir })) as Prepared;
    const serverConfig = { ...config, dataDir };
    app = await buildApp({ config: serverConfig, database, logger: false });
    const address = await app.listen({ host: '127.0.0.1', port });
    await options.afterStart?.(database.db, prepared);
    const running = app;
    const startWorker = () => {
      worker ??= startInProcessWorker(running);
    };
    if (options.worker === 'start') startWorker();
    return {
      url: options.selfLinked ? selfUrl : address,
      db: database.db,
      config: serverConfig,
      prepared,
      account: (grade) => journeyAccount(database.db, grade),
      startWorker,
      nudgeWorker: () => worker?.nudge(),
      close,
    };
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}

/** The real server with the built web app on a free port and a fresh database. */
export async function startServer(): Promise<RunningServer> {
  const { url, close } = await startJourneyServer();
  return { url, close };
}

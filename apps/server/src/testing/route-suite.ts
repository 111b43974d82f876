import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase } from './database';
import { createUser, loginAs, type UserFactoryInput } from './factories';
import { createTestApp, type TestApp, type TestAppOptions } from './index';

/*
 * The set-up nearly every route suite wrote for itself: one app on a fresh database for the enclosing
 * `describe`, closed after it, and the signed GET/POST and logged-in accounts its tests call. Kept out of
 * `testing/index.ts` because it registers vitest hooks, and the journeys import that module outside vitest.
 */

/**
 * Starts a test app before the enclosing suite's tests (then runs `prepare` on it) and closes it after
 * them. The answer stands for the app from the suite's first test on (`t.request`, `t.app`, `t.database`),
 * with the calls most suites make.
 */
export function useTestApp(
  options: TestAppOptions | (() => TestAppOptions) = {},
  prepare?: (t: TestApp) => Promise<unknown>,
) {
  let started: TestApp | undefined;
  beforeAll(async () => {
    // A function gives options known only once earlier hooks ran (a fake server's address, a folder made for the suite).
    started = await createTestApp(typeof options === 'function' ? options() : options);
    await prepare?.(started);
  });
  afterAll(async () => started?.close());
  const current = () => {
    if (!started) throw new Error('the suite’s app starts in beforeAll; call it from a hook or a test');
    return started;
  };
  const app: TestApp = {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    request: (request) => current().request(request),
    close: () => current().close(),
  };
  return Object.assign(app, routeCalls(app));
}

/** The signed calls and accounts of a route suite on `t`. */
export function routeCalls(t: TestApp) {
  const db = () => t.database.db;
  return {
    db,
    /** A signed GET, with the session `token` if given; answers the envelope. */
    get: async (url: string, token?: string) =>
      (await t.request({ method: 'GET', url, ...(token ? { token } : {}) })).json(),
    /** A signed POST of `body` (an empty object unless given); answers the envelope. */
    post: async (url: string, token: string | undefined, body: unknown = {}) =>
      (await t.request({ method: 'POST', url, body, ...(token ? { token } : {}) })).json(),
    /** A signed `method` call of `url`, with the session `token` and the `body` if given; answers the envelope. */
    call: async (method: 'GET' | 'POST', url: string, token?: string, body?: unknown) =>
      (await t.request({ method, url, ...(token ? { token } : {}), ...(body === undefined ? {} : { body }) })).json(),
    /** A new user (FREE unless `input` says otherwise) with a live session `token`. */
    account: async (input: UserFactoryInput = {}) => {
      const user = await createUser(db(), input);
      return { ...user, token: await loginAs(db(), user.id) };
    },
    /** The session token of a new user of `grade`. */
    tokenOf: async (grade: string, showOriginalData = false) =>
      loginAs(db(), (await createUser(db(), { grade, showOriginalData })).id),
  };
}

/**
 * A fresh test database for the enclosing suite (for tests of repositories and services, no app):
 * opened and given to `prepare` before its tests, closed after them. The answer stands for it from
 * the suite's first test on.
 */
export function useTestDatabase(prepare?: (database: DatabaseHandle) => Promise<unknown>): DatabaseHandle {
  let opened: DatabaseHandle | undefined;
  beforeAll(async () => {
    opened = await createTestDatabase();
    await prepare?.(opened);
  });
  afterAll(async () => opened?.close());
  const current = () => {
    if (!opened) throw new Error('the suite’s database opens in beforeAll; use it from a hook or a test');
    return opened;
  };
  return {
    get db() {
      return current().db;
    },
    get kind() {
      return current().kind;
    },
    migrate: () => current().migrate(),
    close: () => current().close(),
  };
}

/**
 * A fresh temporary folder (named from `prefix`) for the enclosing suite, made before its tests (then given
 * to `prepare`) and removed after them. The answer reads its path from the suite's first test on.
 */
export function useTempDir(prefix: string, prepare?: (dir: string) => Promise<unknown>) {
  let made: string | undefined;
  beforeAll(async () => {
    made = await mkdtemp(path.join(tmpdir(), prefix));
    await prepare?.(made);
  });
  afterAll(async () => {
    if (made) await rm(made, { recursive: true, force: true });
  });
  return () => {
    if (!made) throw new Error('the suite’s folder is made in beforeAll; use it from a hook or a test');
    return made;
  };
}

/** `path` with `query` as its search string, each value as text. */
export const withQuery = (path: string, query: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)])).toString()}`;

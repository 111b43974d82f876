import { AsyncLocalStorage } from 'node:async_hooks';
import {
  WechatPath,
  type WechatPollResult,
  type WechatQr,
  wechatPollResultSchema,
  wechatQrSchema,
} from '@dso/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../app';
import { type AppConfig, loadConfig } from '../../../config';
import type { Database, DatabaseHandle } from '../../../db/client';
import { createTestDatabase, type SignedRequest, signedInjectOptions } from '../../../testing';

/** Test-only helpers of the WeChat login suites. */

/** Long polls short enough for tests, still long enough to be held while a scan comes in. */
export const fastPolling: Partial<AppConfig> = { wechatPollHoldMs: 1500, wechatPollIntervalMs: 20 };

export interface Instance {
  app: FastifyInstance;
  request(options: SignedRequest): Promise<LightMyRequestResponse>;
}

export interface TwinApps {
  a: Instance;
  b: Instance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** Two server instances on one database, as two processes behind a load balancer would be. */
export async function createTwinApps(config: Partial<AppConfig> = {}): Promise<TwinApps> {
  const database = await createTestDatabase();
  const build = async (): Promise<Instance> => {
    const app = await buildApp({
      config: {
        ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: '127.0.0.1' }),
        webDist: undefined,
        ...config,
      },
      database,
      logger: false,
    });
    await app.ready();
    return { app, request: (options) => app.inject(signedInjectOptions(options)) };
  };
  const a = await build();
  const b = await build();
  return {
    a,
    b,
    database,
    close: async () => {
      await a.app.close();
      await b.app.close();
      await database.close();
    },
  };
}

type Requester = Pick<Instance, 'request'>;

export async function fetchQr(instance: Requester): Promise<WechatQr> {
  const body = (await instance.request({ method: 'GET', url: WechatPath.qr })).json();
  if (body.code !== 200) throw new Error(`QR request failed: ${JSON.stringify(body)}`);
  // Parsing with the contract's schema keeps the server honest about the wire shape.
  return wechatQrSchema.strict().parse(body.data);
}

export function poll(instance: Requester, ticket: string) {
  return instance.request({ method: 'GET', url: `${WechatPath.poll}?ticket=${encodeURIComponent(ticket)}` });
}

export async function pollResult(instance: Requester, ticket: string): Promise<WechatPollResult> {
  const body = (await poll(instance, ticket)).json();
  if (body.code !== 200) throw new Error(`poll failed: ${JSON.stringify(body)}`);
  return wechatPollResultSchema.parse(body.data);
}

/** The sandbox QR's scan page as a path with query, the way a phone would open the encoded URL. */
export function scanPageUrl(qr: WechatQr): string {
  const url = new URL(qr.qr_code_url);
  return `${url.pathname}${url.search}`;
}

/** The sandbox's own ticket (the scene) that the scan page carries. */
export function sandboxSceneOf(qr: WechatQr): string {
  return new URL(qr.qr_code_url).searchParams.get('ticket') ?? '';
}

/** Presses a button of the sandbox scan page, as its HTML form posts it. */
export function pressSandboxButton(app: FastifyInstance, qr: WechatQr, action: 'confirm' | 'cancel', openId?: string) {
  const form = new URLSearchParams({ ticket: sandboxSceneOf(qr), action });
  if (openId !== undefined) form.set('openid', openId);
  return app.inject({
    method: 'POST',
    url: WechatPath.sandboxConfirm,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
}

/** Tells the polls of a {@link holdPolls} call apart: each is sent in its own context, under its number. */
const pollNumber = new AsyncLocalStorage<number>();

/**
 * Runs `send` and resolves, with what it answered, once the database has read `ticket` for `readers`
 * different readers (`readerOf` names the reader of a query, undefined for one not counted). Meanwhile it
 * watches the driver's `query` (PGlite's and pg's both take the parameters second), and fails after
 * `withinMs` saying how many readers it saw read.
 */
async function untilTicketRead<T>(
  db: Database,
  ticket: string,
  readers: number,
  readerOf: () => number | undefined,
  send: () => T,
  withinMs: number,
): Promise<T> {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const query = client.query;
  const read = new Set<number>();
  let late: ReturnType<typeof setTimeout> | undefined;
  const allRead = new Promise<void>((resolve, reject) => {
    client.query = async function (this: unknown, ...args: unknown[]) {
      const reader = readerOf();
      const answer = await query.apply(this, args);
      if (reader !== undefined && Array.isArray(args[1]) && args[1].includes(ticket)) read.add(reader);
      if (read.size === readers) resolve();
      return answer;
    };
    late = setTimeout(
      () => reject(new Error(`${read.size} of ${readers} read their ticket in ${withinMs} ms`)),
      withinMs,
    );
  });
  try {
    const answer = send();
    await allRead;
    return answer;
  } finally {
    clearTimeout(late);
    client.query = query;
  }
}

/**
 * Sends the polls of `ticket` and resolves, with their answers to come, once the database has read the
 * ticket for each of them: a poll that has read its ticket unchanged holds until the ticket changes.
 */
export function holdPolls(
  db: Database,
  ticket: string,
  polls: Array<() => ReturnType<typeof poll>>,
  withinMs = 10_000,
) {
  return untilTicketRead(
    db,
    ticket,
    polls.length,
    () => pollNumber.getStore(),
    () => polls.map((send, n) => pollNumber.run(n, send)),
    withinMs,
  );
}

/**
 * Sends a poll that does not go through `inject` (so it cannot be told apart from other readers), and
 * resolves, with its answer to come, once the database has read the ticket: the poll is held.
 */
export function holdPollOutside<T>(db: Database, ticket: string, send: () => Promise<T>, withinMs = 10_000) {
  return untilTicketRead(
    db,
    ticket,
    1,
    () => 0,
    () => [send()] as const,
    withinMs,
  );
}

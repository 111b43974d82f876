import { type ClientRequest, request as httpRequest } from 'node:http';
import { CLIENT_VERSION, encodeSignHeader, identityHash, SignHeader, signRequest } from '@dso/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type BuildAppOptions, buildApp } from '../app';
import { type AppConfig, loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase } from './database';

export { signDccToken } from '../features/account/login/dcc.service';
export { createStaffAccount, STAFF_PASSWORD, staffWithCookie } from '../features/console/console.testing';
/** The fake Alipay and key pairs for its signatures, for journeys that pay and refund through it. */
export { startFakeAlipay } from '../providers/payment/fake-alipay-server';
export { createSeededTestDatabase, createTestDatabase } from './database';
export {
  createMember,
  createUser,
  linkSubAccount,
  loginAs,
  nextPhone,
  randomIp,
  randomPhone,
} from './factories';
export { appJobWorker, drainJobs } from './jobs';
export { rsaPemPair } from './keys';
export { createLiveSession } from './live';
export { createLiveReplay } from './live-replay';
export { eventsOf, type SteeredMode, steeredLlm, streamedAnswer, textOf } from './llm';
export { multipartFiles, multipartForm } from './multipart';
export { giveCoupon, lapseOrder, makeCard, ordersOf, quotaUsed, readGrade, useUpDailyQuota } from './orders';
export { freePort } from './ports';
export { createCreator, createTopic, createVideo, seedSpokenDemoVideo, smallVideoDemo } from './videos';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Sends a request signed the way the web client signs it. */
  request(options: SignedRequest): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface SignedRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Session token sent as `authorization`. */
  token?: string;
  /** Timestamp to sign with (defaults to now). */
  ts?: number;
  device?: string;
}

export interface TestAppOptions {
  now?: () => number;
  webDist?: string;
  /** Replaces providers (real adapters pointed at fake vendor servers). */
  providers?: BuildAppOptions['providers'];
  /** Overrides configuration values. */
  config?: Partial<AppConfig>;
  /** Registers extra routes before the app is ready (error-handling tests). */
  extend?: (app: FastifyInstance) => void | Promise<void>;
  /** Sees every route as it is added (the route fuzz test). */
  onRoute?: BuildAppOptions['onRoute'];
  /** The readiness check's options (the health tests). */
  health?: BuildAppOptions['health'];
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = {
    // Route tests stand behind a proxy at 127.0.0.1 so they can give each caller its own address.
    // Request limits are off unless a suite sets `requestLimits`: most suites send far more calls from
    // one address than a person would (plugins/request-limits.routes.test.ts tests the limits).
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: '127.0.0.1', REQUEST_LIMITS: 'false' }),
    webDist: options.webDist,
    ...options.config,
  };
  const app = await buildApp({
    config,
    database,
    logger: false,
    ...(options.now ? { now: options.now } : {}),
    ...(options.providers ? { providers: options.providers } : {}),
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    ...(options.health ? { health: options.health } : {}),
  });
  await options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    request: (options) => app.inject(signedInjectOptions(options)),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Builds inject options carrying `ts`, `he`, `sign` as the web client would. */
export function signedInjectOptions(options: SignedRequest): InjectOptions {
  const [pathname = '/', search = ''] = options.url.split('?');
  const parts = signRequest(pathname, options.ts ?? Date.now(), identityHash(options.device ?? 'test-device'));
  const headers: Record<string, string> = { [SignHeader.VERSION]: CLIENT_VERSION, ...options.headers };
  if (options.token) headers.authorization = options.token;
  let url = options.url;
  if (options.method === 'POST') {
    const query = new URLSearchParams(search);
    query.set('ts', String(parts.ts));
    query.set('he', parts.he);
    query.set('sign', parts.sign);
    url = `${pathname}?${query.toString()}`;
  } else {
    headers[SignHeader.SIGNATURE] = encodeSignHeader(parts);
  }
  const inject: InjectOptions = { method: options.method, url, headers };
  if (options.body !== undefined) inject.payload = options.body as InjectOptions['payload'];
  return inject;
}

/**
 * Sends a signed JSON POST over a real socket of the listening app (listening on a free port first if
 * it is not), for tests that need to see what a browser leaving does: `destroy()` the request closes
 * the connection. Without keep-alive, so closing the app does not wait on a pooled connection.
 */
export async function postOverSocket(app: FastifyInstance, options: Omit<SignedRequest, 'method'>) {
  const listening = app.server.listening ? app.server.address() : null;
  const port =
    listening && typeof listening === 'object'
      ? listening.port
      : new URL(await app.listen({ host: '127.0.0.1', port: 0 })).port;
  const injected = signedInjectOptions({ ...options, method: 'POST' });
  const call: ClientRequest = httpRequest({
    host: '127.0.0.1',
    port,
    path: String(injected.url),
    method: 'POST',
    agent: false,
    headers: { ...(injected.headers as Record<string, string>), 'content-type': 'application/json' },
  });
  // The test ends the call itself; the socket's reset is expected.
  call.on('error', () => undefined);
  call.end(JSON.stringify(options.body ?? {}));
  return call;
}

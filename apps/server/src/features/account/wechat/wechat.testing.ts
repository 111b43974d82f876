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
import type { DatabaseHandle } from '../../../db/client';
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

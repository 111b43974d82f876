import { timingSafeEqual } from 'node:crypto';
import {
  CLIENT_VERSION,
  Code,
  computeSign,
  decodeSignHeader,
  FramePath,
  OrderPath,
  SIGN_WINDOW_MS,
  SignHeader,
  type SignParts,
} from '@dso/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { isKeyPath } from './key-paths';
import { requestPath } from './request-path';

/**
 * Paths that cannot be signed: the server-time call is how a client with a wrong clock learns the
 * offset it signs with, vendor callbacks are signed by the vendor in its own way, the Alipay pay
 * page is opened by the payer's phone from the QR, and the demo pictures are loaded by <img> tags.
 */
const unsignedPaths = new Set<string>([FramePath.serverTime, OrderPath.alipayPage]);
const unsignedPrefixes = ['/api/callback/', '/api/sandbox/', '/api/demo-image/'];

export function isSignedPath(pathname: string): boolean {
  if (!pathname.startsWith('/api/') || isKeyPath(pathname)) return false;
  if (unsignedPaths.has(pathname)) return false;
  return !unsignedPrefixes.some((prefix) => pathname.startsWith(prefix));
}

export interface SigningOptions {
  now?: () => number;
}

/** Verifies 002 §7 on every signed `/api` call; a failure answers 652 with the reason. */
export function registerSigning(app: FastifyInstance, options: SigningOptions = {}) {
  const now = options.now ?? Date.now;
  app.addHook('onRequest', async (request) => {
    const pathname = requestPath(request);
    if (!isSignedPath(pathname)) return;
    verifySignature(request, pathname, now());
  });
}

function verifySignature(request: FastifyRequest, pathname: string, serverNow: number) {
  if (request.headers[SignHeader.VERSION] !== CLIENT_VERSION) {
    throw new AppError(Code.CLIENT_INTEGRITY, '客户端版本标识缺失，请刷新页面');
  }
  const parts = request.method === 'POST' ? readQueryParts(request) : readHeaderParts(request);
  if (!parts) {
    throw new AppError(Code.CLIENT_INTEGRITY, '请求签名缺失，请刷新页面');
  }
  if (Math.abs(serverNow - parts.ts) > SIGN_WINDOW_MS) {
    throw new AppError(Code.CLIENT_INTEGRITY, '请求已过期，请校准电脑时间后刷新页面');
  }
  if (!/^[0-9a-f]{16}$/.test(parts.he) || !sameHex(parts.sign, computeSign(pathname, parts.ts, parts.he))) {
    throw new AppError(Code.CLIENT_INTEGRITY, '请求签名无效，请刷新页面');
  }
}

function readQueryParts(request: FastifyRequest): SignParts | null {
  const query = request.query as Record<string, unknown>;
  const ts = Number(query.ts);
  if (!Number.isFinite(ts) || typeof query.he !== 'string' || typeof query.sign !== 'string') return null;
  return { ts, he: query.he, sign: query.sign };
}

function readHeaderParts(request: FastifyRequest): SignParts | null {
  const header = request.headers[SignHeader.SIGNATURE];
  return typeof header === 'string' ? decodeSignHeader(header) : null;
}

function sameHex(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

import { createHash, timingSafeEqual } from 'node:crypto';
import { WECHAT_QR_TTL_SECONDS } from '@dso/contract';
import { XMLParser } from 'fast-xml-parser';
import { type AccessTokenSource, createAccessTokenSource } from './access-token';
import {
  queryText,
  type WechatCallback,
  type WechatEvent,
  type WechatLoginProvider,
  type WechatLoginQr,
} from './index';
import { apiUrl, callWechat, type FetchLike, isStaleTokenError } from './wechat-api';

export interface OfficialWechatOptions {
  appId: string;
  appSecret: string;
  /** The token entered on the Official Account's server-address page; WeChat signs callbacks with it. */
  token: string;
  /** https://api.weixin.qq.com, or a fake server in tests. */
  apiBase: string;
  fetch?: FetchLike;
  now?: () => number;
}

/**
 * Login through a WeChat Official Account: a temporary parametric QR carries the scene, and WeChat
 * reports the scan (SCAN for followers, subscribe for new followers) to our callback address.
 */
export function createOfficialWechat(options: OfficialWechatOptions): WechatLoginProvider {
  const fetchImpl = options.fetch ?? fetch;
  const accessToken = createAccessTokenSource({
    apiBase: options.apiBase,
    appId: options.appId,
    appSecret: options.appSecret,
    fetch: fetchImpl,
    now: options.now ?? Date.now,
  });
  return {
    name: 'official',
    createLoginQr: (sceneId) => createTemporaryQr(options.apiBase, fetchImpl, accessToken, sceneId),
    readEvent: (callback) => readCallbackEvent(options.token, callback),
    answerAddressCheck: (query) => (isSignedByWechat(options.token, query) ? queryText(query, 'echostr') : null),
  };
}

async function createTemporaryQr(
  apiBase: string,
  fetchImpl: FetchLike,
  accessToken: AccessTokenSource,
  sceneId: string,
): Promise<WechatLoginQr> {
  const body = await withAccessToken(accessToken, (token) =>
    callWechat(fetchImpl, apiUrl(apiBase, '/cgi-bin/qrcode/create', { access_token: token }), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        expire_seconds: WECHAT_QR_TTL_SECONDS,
        action_name: 'QR_STR_SCENE',
        action_info: { scene: { scene_str: sceneId } },
      }),
    }),
  );
  // `url` is what the QR image encodes; drawing it ourselves saves loading showqrcode from WeChat.
  if (typeof body.url !== 'string') throw new Error('微信二维码响应缺少 url');
  return { qrCodeUrl: body.url, expireSeconds: Number(body.expire_seconds) || WECHAT_QR_TTL_SECONDS };
}

/** Runs `call` with the cached token; a token WeChat calls stale is refreshed once and the call retried. */
async function withAccessToken<T>(source: AccessTokenSource, call: (token: string) => Promise<T>): Promise<T> {
  const token = await source.get();
  try {
    return await call(token);
  } catch (error) {
    if (!isStaleTokenError(error)) throw error;
    source.invalidate(token);
    return call(await source.get());
  }
}

/** WeChat's callback signature: sha1 of token, timestamp and nonce, sorted and concatenated. */
export function wechatSignature(token: string, timestamp: string, nonce: string): string {
  return createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
}

function isSignedByWechat(token: string, query: Record<string, unknown>): boolean {
  const signature = queryText(query, 'signature');
  const timestamp = queryText(query, 'timestamp');
  const nonce = queryText(query, 'nonce');
  if (!signature || !timestamp || !nonce) return false;
  const expected = Buffer.from(wechatSignature(token, timestamp, nonce));
  const given = Buffer.from(signature.toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// Entities stay unexpanded: WeChat wraps text in CDATA, and expansion is the XML bomb's way in.
const xmlParser = new XMLParser({ parseTagValue: false, processEntities: false, ignoreDeclaration: true });

function readCallbackEvent(token: string, { query, body }: WechatCallback): WechatEvent {
  if (!isSignedByWechat(token, query)) return { kind: 'forged' };
  const message = parseMessage(body);
  if (message?.MsgType !== 'event' || !message.FromUserName) return { kind: 'ignored' };
  const sceneId = sceneOf(message.Event ?? '', message.EventKey ?? '');
  return sceneId ? { kind: 'scan', sceneId, openId: message.FromUserName } : { kind: 'ignored' };
}

type CallbackMessage = Partial<Record<'MsgType' | 'Event' | 'EventKey' | 'FromUserName', string>>;

function parseMessage(body: string): CallbackMessage | null {
  try {
    const parsed = xmlParser.parse(body) as { xml?: unknown };
    if (!parsed.xml || typeof parsed.xml !== 'object') return null;
    const fields = parsed.xml as Record<string, unknown>;
    const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string).trim() : undefined);
    return {
      MsgType: text('MsgType'),
      Event: text('Event'),
      EventKey: text('EventKey'),
      FromUserName: text('FromUserName'),
    };
  } catch {
    return null;
  }
}

/** A follower's scan reports the scene as is; a new follower's subscribe prefixes it with `qrscene_`. */
function sceneOf(event: string, eventKey: string): string | null {
  if (event === 'SCAN') return eventKey || null;
  if (event === 'subscribe' && eventKey.startsWith('qrscene_')) return eventKey.slice('qrscene_'.length) || null;
  return null;
}

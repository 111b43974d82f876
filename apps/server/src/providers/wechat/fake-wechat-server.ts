import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listenLocally } from '../fake-server';

/**
 * Test-only: a local stand-in for api.weixin.qq.com speaking the two calls QR login uses
 * (`GET /cgi-bin/token`, `POST /cgi-bin/qrcode/create`), plus helpers that sign callbacks the way
 * WeChat does. Written from WeChat's documentation, independently of the adapter.
 */
export interface FakeWechat {
  url: string;
  /** How many access_token fetches arrived (the adapter should cache). */
  tokenFetches: number;
  /** Every qrcode/create request: the token it carried and its JSON body. */
  qrRequests: Array<{ accessToken: string; body: Record<string, unknown> }>;
  /** Retires every issued token, as a refresh by another process eventually does. */
  retireTokens(): void;
  /** When set, qrcode/create answers WeChat's daily-quota error. */
  quotaExhausted: boolean;
  close(): Promise<void>;
}

export interface FakeWechatOptions {
  appId: string;
  appSecret: string;
  /** expires_in of issued tokens (WeChat: 7200). */
  tokenLifetimeSeconds?: number;
}

export async function startFakeWechat(options: FakeWechatOptions): Promise<FakeWechat> {
  const liveTokens = new Set<string>();
  const state: FakeWechat = {
    url: '',
    tokenFetches: 0,
    qrRequests: [],
    retireTokens: () => liveTokens.clear(),
    quotaExhausted: false,
    close: () => closeServer(server),
  };

  const issueToken = (url: URL) => {
    state.tokenFetches += 1;
    if (url.searchParams.get('grant_type') !== 'client_credential')
      return { errcode: 40002, errmsg: 'invalid grant_type' };
    if (url.searchParams.get('appid') !== options.appId) return { errcode: 40013, errmsg: 'invalid appid' };
    if (url.searchParams.get('secret') !== options.appSecret) return { errcode: 40125, errmsg: 'invalid appsecret' };
    const token = `ACCESS_TOKEN_${randomBytes(8).toString('hex')}`;
    liveTokens.add(token);
    return { access_token: token, expires_in: options.tokenLifetimeSeconds ?? 7200 };
  };

  const createQr = (url: URL, rawBody: string) => {
    const accessToken = url.searchParams.get('access_token') ?? '';
    if (!liveTokens.has(accessToken)) {
      return { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' };
    }
    if (state.quotaExhausted) return { errcode: 45009, errmsg: 'reach max api daily quota limit' };
    const body = JSON.parse(rawBody) as Record<string, unknown>;
    state.qrRequests.push({ accessToken, body });
    const scene = (body.action_info as { scene?: { scene_str?: unknown } } | undefined)?.scene?.scene_str;
    if (body.action_name !== 'QR_STR_SCENE' || typeof scene !== 'string' || scene.length > 64) {
      return { errcode: 40053, errmsg: 'invalid action info' };
    }
    const id = randomBytes(6).toString('hex');
    return { ticket: `gQ${id}==`, expire_seconds: body.expire_seconds ?? 60, url: `http://weixin.qq.com/q/02${id}` };
  };

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    let rawBody = '';
    for await (const chunk of request) rawBody += chunk;
    let answer: unknown = { errcode: 404, errmsg: 'unknown api' };
    if (request.method === 'GET' && url.pathname === '/cgi-bin/token') answer = issueToken(url);
    if (request.method === 'POST' && url.pathname === '/cgi-bin/qrcode/create') answer = createQr(url, rawBody);
    response.setHeader('content-type', 'application/json; encoding=utf-8');
    response.end(JSON.stringify(answer));
  });
  state.url = await listenLocally(server);
  return state;
}

/** The query WeChat adds to every callback: timestamp, nonce, and sha1 of the three sorted strings. */
export function signedCallbackQuery(token: string, extra: Record<string, string> = {}): string {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = String(Math.floor(Math.random() * 1e9));
  const parts = [token, timestamp, nonce];
  parts.sort();
  const signature = createHash('sha1').update(parts.join('')).digest('hex');
  return new URLSearchParams({ signature, timestamp, nonce, ...extra }).toString();
}

export interface EventXmlInput {
  openId: string;
  event: 'SCAN' | 'subscribe' | 'unsubscribe';
  eventKey?: string;
}

/** An event push as WeChat sends it (plaintext mode). */
export function eventXml({ openId, event, eventKey }: EventXmlInput): string {
  return [
    '<xml>',
    '<ToUserName><![CDATA[gh_dso_official]]></ToUserName>',
    `<FromUserName><![CDATA[${openId}]]></FromUserName>`,
    `<CreateTime>${Math.floor(Date.now() / 1000)}</CreateTime>`,
    '<MsgType><![CDATA[event]]></MsgType>',
    `<Event><![CDATA[${event}]]></Event>`,
    eventKey === undefined ? '' : `<EventKey><![CDATA[${eventKey}]]></EventKey>`,
    '<Ticket><![CDATA[gQfake==]]></Ticket>',
    '</xml>',
  ].join('');
}

/** A plain chat message, which login must ignore. */
export function textMessageXml(openId: string): string {
  return `<xml><ToUserName><![CDATA[gh_dso_official]]></ToUserName><FromUserName><![CDATA[${openId}]]></FromUserName><CreateTime>1700000000</CreateTime><MsgType><![CDATA[text]]></MsgType><Content><![CDATA[你好]]></Content><MsgId>1234567890</MsgId></xml>`;
}

import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, jsonUtf8, listenLocally, readBody, sendJson } from '../fake-server';

/**
 * Test-only: a local stand-in for the Douyin Open Platform (open.douyin.com). It speaks the documented
 * protocol: form-encoded `/oauth/access_token/`, `/oauth/refresh_token/`, `/oauth/renew_refresh_token/`
 * (five renewals, then 10020) and `/oauth/userinfo/`;
 * multipart `/video/upload/` and `/image/upload/` and JSON `/video/create/` and `/image/create/`, with
 * `open_id` in the query and the `access-token` header; every answer `{ data: { error_code,
 * description, … }, extra: {…} }`. It checks client_key, client_secret and grant_type, lets a code be
 * used once, and can expire an access token or refuse the next create, as tests need. The shapes are
 * written here from the documentation, separately from the adapter's reading of them.
 */
export interface FakeDouyinOptions {
  clientKey: string;
  clientSecret: string;
}

export interface FakeDouyinUser {
  openId: string;
  nickname: string;
  avatar?: string;
}

/** A published item as the fake recorded it. */
export interface FakeDouyinItem {
  itemId: string;
  openId: string;
  kind: 'video' | 'image';
  text: string;
  /** Bytes of the uploaded file. */
  size: number;
  fileName: string;
}

export interface FakeDouyinServer {
  url: string;
  /** A code the user "authorised" with, for `user`. */
  issueCode(user: FakeDouyinUser): string;
  /** Makes the access token of `openId` expired (2190008) until refreshed. */
  expireAccessToken(openId: string): void;
  /** Makes the refresh token of `openId` expired (10010). */
  expireRefreshToken(openId: string): void;
  /** The next create answers this error. */
  failNextCreate(code: number, description: string): void;
  /** The next call answers HTTP 503. */
  failNextWithStatus(status: number): void;
  items: FakeDouyinItem[];
  /** Paths called, in order. */
  calls: string[];
  /** A webhook as Douyin pushes it: the JSON body and its `X-Douyin-Signature`. */
  webhook(event: Record<string, unknown>): { body: string; signature: string };
  close(): Promise<void>;
}

interface TokenState {
  user: FakeDouyinUser;
  accessToken: string;
  refreshToken: string;
  accessExpired: boolean;
  refreshExpired: boolean;
  renewals: number;
}

const ok = (data: Record<string, unknown>) => ({
  data: { error_code: 0, description: '', ...data },
  extra: {
    error_code: 0,
    description: '',
    sub_error_code: 0,
    sub_description: '',
    logid: randomBytes(8).toString('hex'),
  },
  message: 'success',
});

const fail = (code: number, description: string) => ({
  data: { error_code: code, description },
  extra: {
    error_code: code,
    description,
    sub_error_code: 0,
    sub_description: '',
    logid: randomBytes(8).toString('hex'),
  },
  message: 'error',
});

export async function startFakeDouyinOpenServer(options: FakeDouyinOptions): Promise<FakeDouyinServer> {
  const codes = new Map<string, FakeDouyinUser>();
  const byOpenId = new Map<string, TokenState>();
  const uploads = new Map<string, { openId: string; kind: 'video' | 'image'; size: number; name: string }>();
  const items: FakeDouyinItem[] = [];
  const calls: string[] = [];
  let nextCreateFailure: { code: number; description: string } | null = null;
  let nextStatus: number | null = null;

  const issueTokens = (user: FakeDouyinUser): TokenState => {
    const state: TokenState = {
      user,
      accessToken: `act.${randomBytes(16).toString('hex')}`,
      refreshToken: `rft.${randomBytes(16).toString('hex')}`,
      accessExpired: false,
      refreshExpired: false,
      renewals: 0,
    };
    byOpenId.set(user.openId, state);
    return state;
  };
  const tokenAnswer = (state: TokenState) =>
    ok({
      access_token: state.accessToken,
      expires_in: 1_296_000,
      refresh_token: state.refreshToken,
      refresh_expires_in: 2_592_000,
      open_id: state.user.openId,
      scope: 'user_info,video.create,image.create',
    });

  /** The caller's token state, or the error to answer. */
  const authorised = (openId: string | null, token: string | undefined) => {
    const state = openId ? byOpenId.get(openId) : undefined;
    if (!state || !token || state.accessToken !== token) return { error: fail(2190002, 'access_token无效') };
    if (state.accessExpired) return { error: fail(2190008, 'access_token过期,请刷新或重新授权') };
    return { state };
  };

  async function handle(request: IncomingMessage, body: Buffer): Promise<[number, unknown]> {
    const url = new URL(request.url ?? '/', 'http://fake');
    calls.push(url.pathname);
    if (nextStatus !== null) {
      const status = nextStatus;
      nextStatus = null;
      return [status, { message: 'service unavailable' }];
    }
    if (request.method !== 'POST') return [404, fail(404, 'not found')];
    const contentType = String(request.headers['content-type'] ?? '');
    const formFields = () => Object.fromEntries(new URLSearchParams(body.toString('utf8')));

    switch (url.pathname) {
      case '/oauth/access_token/': {
        if (!contentType.startsWith('application/x-www-form-urlencoded')) return [200, fail(10005, '缺少参数')];
        const fields = formFields();
        if (fields.client_key !== options.clientKey || fields.client_secret !== options.clientSecret) {
          return [200, fail(10003, 'client_key或client_secret错误')];
        }
        if (fields.grant_type !== 'authorization_code') return [200, fail(10005, '缺少参数')];
        const user = fields.code ? codes.get(fields.code) : undefined;
        if (!user || !fields.code) return [200, fail(10007, '授权码过期')];
        codes.delete(fields.code);
        return [200, tokenAnswer(issueTokens(user))];
      }
      case '/oauth/refresh_token/': {
        const fields = formFields();
        if (fields.client_key !== options.clientKey || fields.grant_type !== 'refresh_token') {
          return [200, fail(10005, '缺少参数')];
        }
        const state = [...byOpenId.values()].find((entry) => entry.refreshToken === fields.refresh_token);
        if (!state || state.refreshExpired) return [200, fail(10010, 'refresh_token过期')];
        state.accessToken = `act.${randomBytes(16).toString('hex')}`;
        state.accessExpired = false;
        return [200, tokenAnswer(state)];
      }
      case '/oauth/renew_refresh_token/': {
        const fields = formFields();
        if (fields.client_key !== options.clientKey) return [200, fail(10005, '缺少参数')];
        const state = [...byOpenId.values()].find((entry) => entry.refreshToken === fields.refresh_token);
        if (!state || state.refreshExpired) return [200, fail(10010, 'refresh_token过期')];
        if (state.renewals >= 5) return [200, fail(10020, '超过刷新次数限制')];
        state.renewals += 1;
        state.refreshToken = `rft.${randomBytes(16).toString('hex')}`;
        return [200, ok({ refresh_token: state.refreshToken, expires_in: 2_592_000 })];
      }
      case '/oauth/userinfo/': {
        const fields = formFields();
        const checked = authorised(fields.open_id ?? null, fields.access_token);
        if (checked.error) return [200, checked.error];
        return [
          200,
          ok({
            open_id: checked.state.user.openId,
            nickname: checked.state.user.nickname,
            avatar: checked.state.user.avatar ?? '',
          }),
        ];
      }
      case '/video/upload/':
      case '/image/upload/': {
        const kind = url.pathname === '/video/upload/' ? 'video' : 'image';
        const checked = authorised(url.searchParams.get('open_id'), request.headers['access-token'] as string);
        if (checked.error) return [200, checked.error];
        let file: File | null = null;
        try {
          const form = await new Request('http://fake/', {
            method: 'POST',
            headers: { 'content-type': contentType },
            body,
          }).formData();
          const value = form.get(kind);
          file = value instanceof File ? value : null;
        } catch {
          return [200, fail(2100005, '参数不合法')];
        }
        if (!file || file.size === 0) return [200, fail(2100005, '参数不合法')];
        const id = `${kind === 'video' ? 'v0200' : 'img'}${randomBytes(10).toString('hex')}`;
        uploads.set(id, { openId: checked.state.user.openId, kind, size: file.size, name: file.name });
        return [
          200,
          ok(
            kind === 'video'
              ? { video: { video_id: id, width: 720, height: 1280 } }
              : { image: { image_id: id, width: 1080, height: 1440 } },
          ),
        ];
      }
      case '/video/create/':
      case '/image/create/': {
        const kind = url.pathname === '/video/create/' ? 'video' : 'image';
        const checked = authorised(url.searchParams.get('open_id'), request.headers['access-token'] as string);
        if (checked.error) return [200, checked.error];
        if (!contentType.startsWith('application/json')) return [200, fail(2100005, '参数不合法')];
        let fields: Record<string, unknown>;
        try {
          fields = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
        } catch {
          return [200, fail(2100005, '参数不合法')];
        }
        const upload = uploads.get(String(fields[kind === 'video' ? 'video_id' : 'image_id'] ?? ''));
        if (!upload || upload.openId !== checked.state.user.openId || upload.kind !== kind) {
          return [200, fail(2100005, '参数不合法')];
        }
        if (nextCreateFailure) {
          const failure = nextCreateFailure;
          nextCreateFailure = null;
          return [200, fail(failure.code, failure.description)];
        }
        const itemId = `@${randomBytes(12).toString('base64url')}`;
        items.push({
          itemId,
          openId: checked.state.user.openId,
          kind,
          text: String(fields.text ?? ''),
          size: upload.size,
          fileName: upload.name,
        });
        return [200, ok({ item_id: itemId })];
      }
      default:
        return [404, fail(404, 'not found')];
    }
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    readBody(request)
      .then((body) => handle(request, body))
      .then(
        ([status, payload]) => sendJson(response, status, payload, jsonUtf8),
        () => {
          response.writeHead(500);
          response.end();
        },
      );
  });
  const origin = await listenLocally(server);

  return {
    url: origin,
    issueCode(user) {
      const code = randomBytes(12).toString('hex');
      codes.set(code, user);
      return code;
    },
    expireAccessToken(openId) {
      const state = byOpenId.get(openId);
      if (state) state.accessExpired = true;
    },
    expireRefreshToken(openId) {
      const state = byOpenId.get(openId);
      if (state) state.refreshExpired = true;
    },
    failNextCreate(code, description) {
      nextCreateFailure = { code, description };
    },
    failNextWithStatus(status) {
      nextStatus = status;
    },
    items,
    calls,
    webhook(event) {
      const body = JSON.stringify({ client_key: options.clientKey, ...event });
      const signature = createHash('sha1').update(options.clientSecret).update(body).digest('hex');
      return { body, signature };
    },
    close: () => closeServer(server),
  };
}

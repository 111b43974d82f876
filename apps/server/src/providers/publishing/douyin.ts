import { createHash, timingSafeEqual } from 'node:crypto';
import type { AccountAccess, PlatformTokens, PublishFile, PublishingProvider, PublishingWebhook } from './index';
import { PublishingError } from './index';

/**
 * The Douyin Open Platform adapter (移动/网站应用, https://open.douyin.com), as its documents describe:
 * - `GET  /platform/oauth/connect/?client_key&response_type=code&scope&redirect_uri&state`: the page
 *   the user authorises on; Douyin returns to `redirect_uri` with `code` and `state`;
 * - `POST /oauth/access_token/` (form: client_key, client_secret, code, grant_type=authorization_code)
 *   and `POST /oauth/refresh_token/` (form: client_key, grant_type=refresh_token, refresh_token):
 *   `data.{access_token, expires_in, refresh_token, refresh_expires_in, open_id, scope, error_code,
 *   description}`; access tokens last 15 days, refresh tokens 30 (10010: refresh token expired);
 * - `POST /oauth/renew_refresh_token/` (form: client_key, refresh_token): `data.{refresh_token,
 *   expires_in}`, a refresh token with 30 fresh days, at most five times (10020 after);
 * - `POST /oauth/userinfo/` (form: access_token, open_id): `data.{nickname, avatar}`;
 * - `POST /video/upload/?open_id` (multipart `video`, header `access-token`): `data.video.video_id`,
 *   then `POST /video/create/?open_id` (JSON `{ video_id, text }`): `data.item_id`;
 * - `POST /image/upload/?open_id` (multipart `image`): `data.image.image_id`, then
 *   `POST /image/create/?open_id` (JSON `{ image_id, text }`): `data.item_id`.
 * Every answer carries `data.error_code` (0 = success) and `data.description`; the user reads that
 * description with its code when a publish fails.
 *
 * Webhooks (控制台 → 开发配置 → Webhooks): JSON posts signed with `X-Douyin-Signature` =
 * sha1(client_secret + raw body) in hex; `verify_webhook` is answered with its `content.challenge`, and
 * `unauthorize` (the user cancelled in the app) names the account in `from_user_id`.
 */
export interface DouyinPublishingOptions {
  clientKey: string;
  clientSecret: string;
  /** https://open.douyin.com, or a fake's address in tests. */
  baseUrl: string;
  /** The scopes asked for; publishing needs video.create (and image.create for image posts). */
  scope?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const DEFAULT_SCOPE = 'user_info,video.create,image.create';

/** Codes meaning the access token no longer works (expired, invalid, or the user cancelled in Douyin). */
const accessTokenCodes = new Set([2190008, 2190002, 10008]);
/** Codes meaning only a new authorisation helps (refresh token expired or refreshed too often). */
const reauthorizeCodes = new Set([10010, 10020]);

interface DouyinData {
  error_code?: number;
  description?: string;
  [key: string]: unknown;
}

function num(value: unknown): number {
  const parsed = typeof value === 'string' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : 0;
}

/** `X-Douyin-Signature` of a webhook body: sha1 over the client secret and the raw body, hex. */
export function douyinWebhookSignature(clientSecret: string, body: string): string {
  return createHash('sha1').update(clientSecret).update(body).digest('hex');
}

function readDouyinWebhook(clientSecret: string, signature: string | undefined, body: string): PublishingWebhook {
  const expected = Buffer.from(douyinWebhookSignature(clientSecret, body));
  const given = Buffer.from((signature ?? '').trim().toLowerCase());
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { kind: 'forged' };
  let event: { event?: unknown; from_user_id?: unknown; content?: unknown };
  try {
    event = JSON.parse(body) as typeof event;
  } catch {
    return { kind: 'ignored' };
  }
  if (event.event === 'verify_webhook') {
    const content = typeof event.content === 'string' ? JSON.parse(event.content) : event.content;
    return { kind: 'challenge', challenge: (content as { challenge?: unknown } | null)?.challenge ?? null };
  }
  if (event.event === 'unauthorize' && typeof event.from_user_id === 'string' && event.from_user_id) {
    return { kind: 'unauthorize', openId: event.from_user_id };
  }
  return { kind: 'ignored' };
}

export function createDouyinPublishing(options: DouyinPublishingOptions): PublishingProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 120_000;

  async function call(path: string, init: RequestInit): Promise<DouyinData> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      throw new PublishingError('unavailable', '抖音开放平台暂时无法访问，请稍后重试');
    }
    if (response.status === 429 || response.status >= 500) {
      throw new PublishingError('unavailable', `抖音开放平台繁忙（HTTP ${response.status}），请稍后重试`);
    }
    let body: { data?: DouyinData; extra?: DouyinData };
    try {
      body = (await response.json()) as typeof body;
    } catch {
      throw new PublishingError('unavailable', '抖音开放平台的应答无法读取');
    }
    const data = body.data ?? {};
    const code = num(data.error_code ?? body.extra?.error_code);
    if (code === 0) return data;
    const description = String(data.description || body.extra?.description || '抖音开放平台拒绝了请求');
    if (accessTokenCodes.has(code)) throw new PublishingError('token_expired', description, code);
    if (reauthorizeCodes.has(code)) throw new PublishingError('reauthorize', description, code);
    throw new PublishingError('rejected', description, code);
  }

  const form = (fields: Record<string, string>): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

  function readTokens(data: DouyinData, now: Date): PlatformTokens {
    const openId = String(data.open_id ?? '');
    const accessToken = String(data.access_token ?? '');
    const refreshToken = String(data.refresh_token ?? '');
    if (!openId || !accessToken || !refreshToken) {
      throw new PublishingError('unavailable', '抖音开放平台的授权应答不完整');
    }
    return {
      openId,
      accessToken,
      refreshToken,
      accessExpiresAt: new Date(now.getTime() + num(data.expires_in) * 1000),
      refreshExpiresAt: new Date(now.getTime() + num(data.refresh_expires_in) * 1000),
      scope: String(data.scope ?? ''),
    };
  }

  async function upload(access: AccountAccess, kind: 'video' | 'image', file: PublishFile): Promise<string> {
    const body = new FormData();
    body.append(kind, new Blob([new Uint8Array(file.data)], { type: file.mime }), file.name);
    const data = await call(`/${kind}/upload/?open_id=${encodeURIComponent(access.openId)}`, {
      method: 'POST',
      headers: { 'access-token': access.accessToken },
      body,
    });
    const uploaded = data[kind] as { video_id?: string; image_id?: string } | undefined;
    const id = kind === 'video' ? uploaded?.video_id : uploaded?.image_id;
    if (!id) throw new PublishingError('unavailable', '抖音开放平台未返回上传文件的编号');
    return id;
  }

  async function create(access: AccountAccess, kind: 'video' | 'image', fields: Record<string, string>) {
    const data = await call(`/${kind}/create/?open_id=${encodeURIComponent(access.openId)}`, {
      method: 'POST',
      headers: { 'access-token': access.accessToken, 'content-type': 'application/json' },
      body: JSON.stringify(fields),
    });
    const itemId = data.item_id;
    if (typeof itemId !== 'string' || !itemId) throw new PublishingError('unavailable', '抖音开放平台未返回作品编号');
    return itemId;
  }

  return {
    name: 'douyin',
    authorizeUrl({ state, redirectUri }) {
      const query = new URLSearchParams({
        client_key: options.clientKey,
        response_type: 'code',
        scope: options.scope ?? DEFAULT_SCOPE,
        redirect_uri: redirectUri,
        state,
      });
      return `${base}/platform/oauth/connect/?${query.toString()}`;
    },
    async exchangeCode(code, now) {
      const data = await call(
        '/oauth/access_token/',
        form({
          client_key: options.clientKey,
          client_secret: options.clientSecret,
          code,
          grant_type: 'authorization_code',
        }),
      );
      return readTokens(data, now);
    },
    async refreshAccessToken(refreshToken, now) {
      const data = await call(
        '/oauth/refresh_token/',
        form({ client_key: options.clientKey, grant_type: 'refresh_token', refresh_token: refreshToken }),
      );
      return readTokens(data, now);
    },
    async renewRefreshToken(refreshToken, now) {
      const data = await call(
        '/oauth/renew_refresh_token/',
        form({ client_key: options.clientKey, refresh_token: refreshToken }),
      );
      const renewed = String(data.refresh_token ?? '');
      if (!renewed) throw new PublishingError('unavailable', '抖音开放平台的应答不完整');
      return { refreshToken: renewed, refreshExpiresAt: new Date(now.getTime() + num(data.expires_in) * 1000) };
    },
    async fetchProfile(access) {
      const data = await call('/oauth/userinfo/', form({ access_token: access.accessToken, open_id: access.openId }));
      return { nickname: String(data.nickname ?? ''), avatar: String(data.avatar ?? '') };
    },
    readWebhook: (signature, body) => {
      try {
        return readDouyinWebhook(options.clientSecret, signature, body);
      } catch {
        return { kind: 'ignored' };
      }
    },
    async publishVideo(access, video, text) {
      const videoId = await upload(access, 'video', video);
      return create(access, 'video', { video_id: videoId, text });
    },
    async publishImages(access, images, text) {
      // The documented image create takes one image: the post's first image, with the whole caption.
      const first = images[0];
      if (!first) throw new PublishingError('rejected', '图文作品没有图片');
      const imageId = await upload(access, 'image', first);
      return create(access, 'image', { image_id: imageId, text });
    },
  };
}

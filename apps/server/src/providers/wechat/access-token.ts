import { apiUrl, callWechat, type FetchLike } from './wechat-api';

/** Refresh this long before WeChat's stated expiry, so a token is never sent in its last moments. */
const REFRESH_MARGIN_SECONDS = 300;

export interface AccessTokenOptions {
  apiBase: string;
  appId: string;
  appSecret: string;
  fetch: FetchLike;
  now: () => number;
}

/** The Official Account's access_token, fetched when missing or stale and kept until it nears expiry. */
export interface AccessTokenSource {
  get(): Promise<string>;
  /** Forgets `token` after WeChat refused it (another process refreshed it, say). */
  invalidate(token: string): void;
}

/**
 * WeChat limits token fetches per day and each fetch retires the previous token after five minutes,
 * so callers share one cached token, and concurrent callers one in-flight fetch.
 */
export function createAccessTokenSource(options: AccessTokenOptions): AccessTokenSource {
  let cached: { token: string; refreshAt: number } | null = null;
  let inFlight: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const url = apiUrl(options.apiBase, '/cgi-bin/token', {
      grant_type: 'client_credential',
      appid: options.appId,
      secret: options.appSecret,
    });
    const body = await callWechat(options.fetch, url);
    if (typeof body.access_token !== 'string') throw new Error('微信 access_token 响应缺少 access_token');
    const lifetime = Number(body.expires_in) || 7200;
    const usable = Math.max(lifetime - REFRESH_MARGIN_SECONDS, lifetime / 2);
    cached = { token: body.access_token, refreshAt: options.now() + usable * 1000 };
    return body.access_token;
  }

  return {
    get() {
      if (cached && cached.refreshAt > options.now()) return Promise.resolve(cached.token);
      inFlight ??= fetchToken().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    invalidate(token) {
      if (cached?.token === token) cached = null;
    },
  };
}

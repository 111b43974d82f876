/** Plain calls to the WeChat Official Account API (https://api.weixin.qq.com and its stand-ins). */

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** A WeChat API failure, with WeChat's own `errcode` and `errmsg` (or the HTTP status as -status). */
export class WechatApiError extends Error {
  constructor(
    readonly errcode: number,
    errmsg: string,
  ) {
    super(`微信接口错误 ${errcode}: ${errmsg}`);
    this.name = 'WechatApiError';
  }
}

/** errcodes meaning the access_token we sent is no longer good (refreshed elsewhere, or expired). */
const staleTokenCodes = new Set([40001, 40014, 42001]);

export function isStaleTokenError(error: unknown): boolean {
  return error instanceof WechatApiError && staleTokenCodes.has(error.errcode);
}

/** WeChat answers 5xx rarely and errors mostly as 200 with a non-zero errcode; both throw. */
export async function callWechat(
  fetchImpl: FetchLike,
  url: string,
  init: RequestInit = {},
): Promise<Record<string, unknown>> {
  const response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new WechatApiError(-response.status, response.statusText);
  const body = (await response.json()) as Record<string, unknown>;
  if (typeof body.errcode === 'number' && body.errcode !== 0) {
    throw new WechatApiError(body.errcode, String(body.errmsg ?? ''));
  }
  return body;
}

/** `${base}${path}` keeping any path prefix of the base (a proxy in front of WeChat, say). */
export function apiUrl(base: string, path: string, query: Record<string, string>): string {
  return `${base.replace(/\/+$/, '')}${path}?${new URLSearchParams(query).toString()}`;
}

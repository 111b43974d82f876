import { CLIENT_VERSION, type Envelope, identityHash, KeywordDetailPath, SignHeader, signRequest } from '@dso/contract';
import { signedNow } from '../../../lib/api/clock';
import { ApiError, NETWORK_FAILURE } from '../../../lib/api/errors';
import { applyFailure, applyNetworkFailure } from '../../../lib/api/response-handler';
import { CookieKey, LocalKey, readCookie, readLocal } from '../../../lib/storage';
import { useSession } from '../../../stores/session';
import type { SearchKeywordsRequest } from './search-keywords';

/**
 * `POST /api/keyword/export`: the search body; success is the .xlsx file itself, failures are the
 * usual envelope. The shared client only reads envelopes, so this call signs the request the same
 * way (002 §7: ts, he, sign in the query of a POST) and hands failures to the same response handler.
 */
export async function exportKeywords(body: SearchKeywordsRequest): Promise<{ blob: Blob; filename: string | null }> {
  const url = new URL(KeywordDetailPath.export, window.location.origin);
  const { token, uid } = useSession.getState();
  const parts = signRequest(
    url.pathname,
    signedNow(),
    identityHash(uid ?? readLocal(LocalKey.visitorId) ?? 'anonymous'),
  );
  url.searchParams.set('ts', String(parts.ts));
  url.searchParams.set('he', parts.he);
  url.searchParams.set('sign', parts.sign);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    [SignHeader.VERSION]: CLIENT_VERSION,
    [SignHeader.PAGE]: window.location.href,
  };
  if (token) headers.authorization = token;
  const visitorId = readLocal(LocalKey.visitorId);
  if (visitorId) headers[SignHeader.VISITOR] = visitorId;
  const sessionId = readCookie(CookieKey.sessionId);
  if (sessionId) headers[SignHeader.SESSION] = sessionId;

  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  } catch {
    applyNetworkFailure();
    throw new ApiError(NETWORK_FAILURE, '网络出错啦，刷新试试吧');
  }
  if ((response.headers.get('content-type') ?? '').includes('application/json')) {
    const envelope = (await response.json().catch(() => null)) as Envelope<unknown> | null;
    if (!envelope || typeof envelope.code !== 'number') {
      applyNetworkFailure();
      throw new ApiError(NETWORK_FAILURE, '网络出错啦，刷新试试吧');
    }
    applyFailure(envelope);
    throw new ApiError(envelope.code, envelope.msg, envelope.data);
  }
  if (!response.ok) {
    applyNetworkFailure();
    throw new ApiError(NETWORK_FAILURE, '网络出错啦，刷新试试吧');
  }
  return { blob: await response.blob(), filename: filenameOf(response.headers.get('content-disposition')) };
}

/** The file name of a Content-Disposition header, preferring the UTF-8 form. */
export function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // Fall through to the plain form.
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1]?.trim() ?? null;
}

/** Saves a downloaded file through a temporary link. */
export function saveFile(blob: Blob, filename: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

import { asList, asObject, fetchWithin, type Json, parseJsonObject } from '../../lib/outside-json';
import type { PlatformDataError, PlatformDataErrorReason } from './index';

/**
 * The transport every TikHub call shares (the video side in tikhub.ts, the keyword side in
 * tikhub-keywords.ts): the Bearer key, the timeout, TikHub's envelope `{ code: 200, router, params, data }`
 * and the mapping of its failures onto our three reasons. Also the defensive readers of Douyin's JSON.
 */
export interface TikhubOptions {
  /** https://api.tikhub.io (or the mainland mirror https://api.tikhub.dev, or a fake server in tests). */
  baseUrl: string;
  /** The API key made in the TikHub user console (needs the Douyin scopes). */
  apiKey: string;
  /** How long one call may take before it counts as unavailable; 15 s by default. */
  timeoutMs?: number;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  /** The clock that stamps `fetchedAt`. */
  now?: () => Date;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/** A TikHub call that did not give an answer we can use. */
export class TikhubError extends Error implements PlatformDataError {
  constructor(
    readonly reason: PlatformDataErrorReason,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'TikhubError';
  }
}

/** Loosely typed JSON as Douyin sends it (lib/outside-json.ts), with the readers of its figures below. */
export { asList, asObject, type Json, objectsIn } from '../../lib/outside-json';

export const asText = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'bigint' ? String(value) : '';
/** A count: Douyin sends numbers, sometimes numeric strings; anything else is 0. */
export const asCount = (value: unknown): number => {
  const parsed = typeof value === 'string' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) && parsed > 0 ? Math.floor(parsed) : 0;
};
/** A count the answer may leave out: null when the field is missing or null, else as {@link asCount}. */
export const asCountOrNull = (value: unknown): number | null =>
  value === undefined || value === null || value === '' ? null : asCount(value);
/** The first address of an image object `{ uri, url_list: [...] }`. */
export const firstUrl = (image: unknown): string => asText(asList(asObject(image)?.url_list)[0]);
export const isTruthyFlag = (value: unknown) => value === true || value === 1 || value === '1';

/** Douyin's Unix seconds; a missing or zero time is the epoch rather than now, so it is visibly wrong. */
export const fromUnixSeconds = (value: unknown) => new Date(asCount(value) * 1000);

/** The reason for an HTTP status TikHub answered with (anything but 200). */
function reasonForStatus(status: number, body: string): PlatformDataErrorReason {
  if (status === 429 || status === 402) return 'rate_limited';
  if (status === 401) return 'unauthorized';
  // TikHub answers 403 both for a key lacking the endpoint's scope and for a spent balance.
  if (status === 403) return /balance|quota|credit|余额|额度|充值/i.test(body) ? 'rate_limited' : 'unauthorized';
  return 'unavailable';
}

/** A short form of an error body for the log (never the whole page of a proxy's error). */
function detailOf(body: string): string {
  try {
    const parsed = asObject(JSON.parse(body));
    const detail = parsed?.detail ?? parsed?.message ?? parsed;
    return (typeof detail === 'string' ? detail : JSON.stringify(detail)).slice(0, 300);
  } catch {
    return body.slice(0, 300);
  }
}

/** One TikHub call: resolves TikHub's `data`, or null when TikHub says the subject does not exist (404). */
export interface TikhubClient {
  get(path: string, query: Record<string, string>): Promise<Json | null>;
  /** TikHub's POST endpoints (the Douyin search family) take their parameters as a JSON body. */
  post(path: string, body: Record<string, unknown>): Promise<Json | null>;
}

export function createTikhubClient(options: TikhubOptions): TikhubClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!options.apiKey) throw new Error('TikHub needs an API key (TIKHUB_API_KEY)');

  const call = async (path: string, url: string, init: RequestInit): Promise<Json | null> => {
    const { response, text: body } = await fetchWithin(
      fetchImpl,
      url,
      {
        ...init,
        headers: {
          Authorization: `Bearer ${options.apiKey}`,
          Accept: 'application/json',
          ...(init.body ? { 'Content-Type': 'application/json' } : {}),
        },
      },
      timeoutMs,
      ({ timedOut, message }) =>
        new TikhubError(
          'unavailable',
          timedOut ? `TikHub ${path} timed out after ${timeoutMs} ms` : `TikHub ${path} unreachable`,
          message,
        ),
    );
    if (response.status === 404) return null;
    if (response.status !== 200) {
      const reason = reasonForStatus(response.status, body);
      const retryAfter = response.headers.get('retry-after');
      throw new TikhubError(
        reason,
        `TikHub ${path} answered HTTP ${response.status}`,
        `${detailOf(body)}${retryAfter ? ` (Retry-After ${retryAfter})` : ''}`,
      );
    }
    const envelope = parseJsonObject(body);
    const data = asObject(envelope?.data);
    if (envelope?.code !== 200 || !data) {
      throw new TikhubError('unavailable', `TikHub ${path} answered something unreadable`, body.slice(0, 300));
    }
    return data;
  };

  return {
    get: (path, query) => call(path, `${baseUrl}${path}?${new URLSearchParams(query)}`, { method: 'GET' }),
    post: (path, body) => call(path, `${baseUrl}${path}`, { method: 'POST', body: JSON.stringify(body) }),
  };
}

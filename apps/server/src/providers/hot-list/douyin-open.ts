import { asObject, fetchWithin, type Json, objectsIn, parseJsonObject } from '../../lib/outside-json';
import {
  type HotBoard,
  HotListError,
  type HotListErrorReason,
  type HotListProvider,
  type HotTopicEntry,
  type HotVideoEntry,
  type HotWordEntry,
} from './index';

/**
 * The Douyin Open Platform's hot lists (抖音开放平台, 数据开放服务), read with the application's client token: no
 * user authorises anything. Every call is a documented OpenAPI of https://open.douyin.com:
 * - `POST /oauth/client_token/`, JSON `{ client_key, client_secret, grant_type: 'client_credential' }` →
 *   `data.{ access_token, expires_in }` (two hours; asking again retires the previous token after five minutes):
 *   https://developer.open-douyin.com/docs/resource/zh-CN/dop/develop/openapi/account-permission/client-token
 * - `GET /hotsearch/sentences/` (header `access-token`) → `data.{ list: [{ sentence, hot_level }], active_time }`:
 *   https://developer.open-douyin.com/docs/resource/zh-CN/dop/develop/openapi/data-open-service/hot-video-data/get-current-hot-words
 * - `GET /hotsearch/trending/sentences/?cursor&count` → `data.{ list: [{ sentence, hot_level, label }], cursor,
 *   has_more, total }`:
 *   https://developer.open-douyin.com/docs/resource/zh-CN/dop/develop/openapi/data-open-service/hot-video-data/get-ascending-words
 * - `GET /data/extern/billboard/hot_video/` → `data.list: [{ rank, title, author, item_cover, share_url, play_count,
 *   digg_count, comment_count, hot_words, hot_value }]`:
 *   https://developer.open-douyin.com/docs/resource/zh-CN/dop/develop/openapi/data-open-service/tops-data/hot-video-list/hot-video-list
 * - `GET /data/extern/billboard/topic/` → `data.list: [{ rank, title, rank_change, effect_value }]`:
 *   https://developer.open-douyin.com/docs/resource/zh-CN/dop/develop/openapi/data-open-service/tops-data/topic-list-data/topic-list
 * Every answer is `{ data: { error_code, description, … }, extra: { error_code, description, logid, … } }`; the codes
 * read below are the status-code page's:
 * https://developer.open-douyin.com/docs/resource/zh-CN/dop/develop/openapi/status-code
 */
export interface DouyinOpenHotListOptions {
  clientKey: string;
  clientSecret: string;
  /** https://open.douyin.com, or a fake's address in tests. */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  /** The clock of the token's expiry and of a board's as-of time. */
  now?: () => Date;
  /** Rising words asked per page. */
  pageSize?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;
/** Ten per page, as the platform's own examples of the rising words ask. */
const DEFAULT_PAGE_SIZE = 10;
/** A bound on the rising words' pages: the board is a few dozen words, so more pages means a paging loop. */
const MAX_PAGES = 20;
/** A token is asked anew this long before its `expires_in` runs out. */
const TOKEN_MARGIN_MS = 5 * 60_000;

/** The token no longer works (expired, or retired by a newer one): ask for a new one once and retry. */
const tokenCodes = new Set([28001008, 2190008, 10008, 2190002]);
/** Too many calls, or the application's quota spent (10020: client tokens asked too often). */
const rateLimitCodes = new Set([28003018, 28003017, 2190001, 28001052, 10020]);
/** Our application is refused: wrong key or secret, or the ability not granted, banned or expired. */
const refusedCodes = new Set([10003, 10013, 2100007, 28001012, 28001014, 28001016, 28001018, 28001019, 28001021]);

// Text is trimmed and heat is not rounded here, unlike TikHub's readers: the boards show both as sent.
const asText = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
/** A count or heat: Douyin sends numbers, sometimes numeric strings; anything else is 0. */
const asCount = (value: unknown): number => {
  const parsed = typeof value === 'string' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) && parsed > 0 ? parsed : 0;
};

/** `active_time` is Beijing time, 'YYYY-MM-DD HH:mm:ss'; null when it is missing or unreadable. */
function beijingTime(value: unknown): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(asText(value));
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match;
  const at = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second ?? '00'}+08:00`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The reason a documented error code stands for; token codes are handled before this. */
function reasonForCode(code: number): HotListErrorReason {
  if (rateLimitCodes.has(code)) return 'rate_limited';
  if (refusedCodes.has(code) || tokenCodes.has(code)) return 'unauthorized';
  return 'unavailable';
}

/** What one call came to: the `data` object, or a token the platform no longer takes. */
type CallResult = { kind: 'data'; data: Json } | { kind: 'token'; detail: string };

/** Creates the Douyin Open Platform adapter behind the hot-list interface. */
export function createDouyinOpenHotList(options: DouyinOpenHotListOptions): HotListProvider {
  if (!options.clientKey || !options.clientSecret) {
    throw new Error('The Douyin Open Platform needs DOUYIN_CLIENT_KEY and DOUYIN_CLIENT_SECRET');
  }
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? (() => new Date());
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;

  /** One request; resolves the answer's `data`, or says the token was refused; rejects with the reason otherwise. */
  async function send(path: string, init: RequestInit): Promise<CallResult> {
    // A connection cut mid-answer fails here, not as an empty board.
    const { response, text } = await fetchWithin(
      doFetch,
      `${base}${path}`,
      init,
      timeoutMs,
      ({ timedOut, message }) =>
        new HotListError(
          'unavailable',
          timedOut ? `Douyin ${path} timed out after ${timeoutMs} ms` : `Douyin ${path} unreachable or cut off`,
          message,
        ),
    );
    if (response.status === 429) throw new HotListError('rate_limited', `Douyin ${path} answered HTTP 429`);
    if (response.status >= 500)
      throw new HotListError('unavailable', `Douyin ${path} answered HTTP ${response.status}`);
    const body = parseJsonObject(text);
    const data = asObject(body?.data);
    const extra = asObject(body?.extra);
    if (!body || (!data && !extra)) {
      const reason = response.status === 401 || response.status === 403 ? 'unauthorized' : 'unavailable';
      throw new HotListError(reason, `Douyin ${path} answered HTTP ${response.status} without a readable body`);
    }
    const code = Number(data?.error_code ?? extra?.error_code ?? 0) || 0;
    const description = asText(data?.description) || asText(extra?.description);
    const detail = `${code} ${description}${extra?.logid ? ` (logid ${asText(extra.logid)})` : ''}`.trim();
    if (code !== 0) {
      if (tokenCodes.has(code)) return { kind: 'token', detail };
      throw new HotListError(reasonForCode(code), `Douyin ${path} refused: ${description || code}`, detail);
    }
    if (!data) throw new HotListError('unavailable', `Douyin ${path} answered without data`, detail);
    return { kind: 'data', data };
  }

  let cached: { token: string; refreshAt: number } | null = null;
  let pending: Promise<string> | null = null;

  /** Asks for a client token (POST /oauth/client_token/, the client-token page above). */
  async function issueToken(): Promise<string> {
    const result = await send('/oauth/client_token/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_key: options.clientKey,
        client_secret: options.clientSecret,
        grant_type: 'client_credential',
      }),
    });
    if (result.kind === 'token')
      throw new HotListError('unauthorized', 'Douyin refused to issue a client token', result.detail);
    const token = asText(result.data.access_token);
    if (!token) throw new HotListError('unavailable', 'Douyin issued no client token');
    const lifetimeMs = (asCount(result.data.expires_in) || 7_200) * 1000;
    cached = { token, refreshAt: now().getTime() + Math.max(lifetimeMs - TOKEN_MARGIN_MS, lifetimeMs / 2) };
    return token;
  }

  /** The cached token while it has time left; callers arriving together share one request for a new one. */
  function clientToken(): Promise<string> {
    if (cached && now().getTime() < cached.refreshAt) return Promise.resolve(cached.token);
    pending ??= issueToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  /** A GET with the client token; a token the platform refuses is replaced once and the call made again. */
  async function read(path: string, query: Record<string, string> = {}): Promise<Json> {
    const search = new URLSearchParams(query).toString();
    const url = `${path}${search ? `?${search}` : ''}`;
    const attempt = async (token: string) =>
      send(url, { method: 'GET', headers: { 'access-token': token, accept: 'application/json' } });
    const token = await clientToken();
    const first = await attempt(token);
    if (first.kind === 'data') return first.data;
    if (cached?.token === token) cached = null;
    const second = await attempt(await clientToken());
    if (second.kind === 'data') return second.data;
    throw new HotListError('unauthorized', `Douyin ${path} refused a freshly issued client token`, second.detail);
  }

  /** A read moment as a board's as-of: the source's own time unless it is missing or ahead of the read. */
  const asOfFor = (sourceTime: Date | null, readAt: Date) =>
    sourceTime && sourceTime.getTime() <= readAt.getTime() ? sourceTime : readAt;

  const wordEntry = (item: Json, rank: number): HotWordEntry => {
    const label = item.label === undefined || item.label === 0 || item.label === '' ? '' : asText(item.label);
    return {
      word: asText(item.sentence),
      rank,
      hotValue: asCount(item.hot_level),
      label: label || null,
      videoCount: item.video_count === undefined ? null : asCount(item.video_count),
    };
  };

  /** Ranks the way the board lists them, leaving out entries without a word or seen already. */
  function rankWords(items: Json[]): HotWordEntry[] {
    const seen = new Set<string>();
    const entries: HotWordEntry[] = [];
    for (const item of items) {
      const word = asText(item.sentence);
      if (!word || seen.has(word)) continue;
      seen.add(word);
      entries.push(wordEntry(item, entries.length + 1));
    }
    return entries;
  }

  /** Sorted by the source's rank where it gives one, renumbered from 1 so gaps and repeats cannot reach the board. */
  function byRank<Entry extends { rank: number }>(entries: Entry[]): Entry[] {
    return entries
      .map((entry, index) => ({ entry, order: entry.rank > 0 ? entry.rank : Number.MAX_SAFE_INTEGER, index }))
      .sort((a, b) => a.order - b.order || a.index - b.index)
      .map(({ entry }, index) => ({ ...entry, rank: index + 1 }));
  }

  return {
    name: 'douyin',
    isDemo: false,

    async fetchHotSearch(): Promise<HotBoard<HotWordEntry>> {
      const data = await read('/hotsearch/sentences/');
      const readAt = now();
      return { entries: rankWords(objectsIn(data.list)), asOf: asOfFor(beijingTime(data.active_time), readAt) };
    },

    async fetchRisingWords(): Promise<HotBoard<HotWordEntry>> {
      const items: Json[] = [];
      let cursor = '0';
      for (let page = 0; ; page += 1) {
        if (page === MAX_PAGES) {
          throw new HotListError('unavailable', `Douyin's rising words did not end within ${MAX_PAGES} pages`);
        }
        const data = await read('/hotsearch/trending/sentences/', { cursor, count: String(pageSize) });
        items.push(...objectsIn(data.list));
        const next = asText(data.cursor);
        if (data.has_more !== true && data.has_more !== 1) break;
        // A cursor that does not move would ask for the same page for ever.
        if (!next || next === cursor) {
          throw new HotListError('unavailable', "Douyin's rising words asked for more pages without a new cursor");
        }
        cursor = next;
      }
      return { entries: rankWords(items), asOf: now() };
    },

    async fetchHotVideos(): Promise<HotBoard<HotVideoEntry>> {
      const data = await read('/data/extern/billboard/hot_video/');
      const entries = objectsIn(data.list).map(
        (item): HotVideoEntry => ({
          rank: asCount(item.rank),
          title: asText(item.title),
          author: asText(item.author),
          cover: asText(item.item_cover),
          shareUrl: asText(item.share_url),
          playCount: asCount(item.play_count),
          likeCount: asCount(item.digg_count),
          commentCount: asCount(item.comment_count),
          hotWords: [
            ...new Set(
              asText(item.hot_words)
                .split(/[,，、\s]+/)
                .filter(Boolean),
            ),
          ],
          hotValue: asCount(item.hot_value),
        }),
      );
      return { entries: byRank(entries), asOf: now() };
    },

    async fetchHotTopics(): Promise<HotBoard<HotTopicEntry>> {
      const data = await read('/data/extern/billboard/topic/');
      const entries = objectsIn(data.list)
        .map((item): HotTopicEntry => {
          const change = Number(asText(item.rank_change).replace(/^\+/, ''));
          return {
            title: asText(item.title).replace(/^#/, ''),
            rank: asCount(item.rank),
            rankChange: asText(item.rank_change) !== '' && Number.isFinite(change) ? change : null,
            effectValue: asCount(item.effect_value),
          };
        })
        .filter((entry) => entry.title !== '');
      return { entries: byRank(entries), asOf: now() };
    },
  };
}

import {
  BOARD_PAGE_SIZE,
  boardPageOf,
  type PlatformHotEntry,
  type PlatformHotList,
  type PlatformHotListKind,
  type PlatformKeywordSource,
  type PlatformSuggestion,
  type PlatformTopicSuggestion,
} from './keywords';
import {
  asCount,
  asCountOrNull,
  asObject,
  asText,
  fromUnixSeconds,
  type Json,
  objectsIn,
  type TikhubClient,
  TikhubError,
} from './tikhub-client';
import { createTikhubPlatformBoards } from './tikhub-platform-boards';

/**
 * The keyword side of the TikHub adapter. Endpoints, each with the page that documents it (docs/videos.md,
 * "Keyword-side reads", has the table and how sure each answer shape is):
 *
 * - 下拉词: `POST /api/v1/douyin/search/fetch_search_suggest` `{ keyword }` → `data.sug_list[].content`
 *   (https://docs.tikhub.io/370212778e0, 获取搜索关键词推荐)
 * - topic suggestions: `POST /api/v1/douyin/search/fetch_challenge_suggest` `{ keyword }` →
 *   `data.sug_list[]` `cha_name`, `view_count`, `cid` (https://tikhub.apifox.cn/290050537e0, 获取话题推荐搜索)
 * - the hot board: `GET /api/v1/douyin/app/v3/fetch_hot_search_list?board_type=0&board_sub_type=` →
 *   Douyin's `data.word_list[]`, `data.active_time` (github.com/TikHub/TikHub-API-Python-SDK-V2,
 *   docs/DouyinAppV3APIApi.md, 获取抖音热搜榜数据)
 * - the rising and same-city boards: `GET /api/v1/douyin/billboard/fetch_hot_rise_list` and
 *   `…/fetch_hot_city_list?page&page_size&order=rank[&city_code]` → 热点宝's `data.data.objs[]`,
 *   `data.data.page.total` (same repository, docs/DouyinBillboardAPIApi.md, 获取上升热点榜 / 获取同城热点榜)
 *
 * TikHub's pages give the parameters; the answers are Douyin's own JSON, read defensively: a missing
 * list is an empty one, a missing figure is null or 0 as the record says.
 *
 * Unlike the video side, a 404 is no "unknown subject" here (a word or a board always exists): it means
 * the endpoint moved, so it is unavailable rather than an empty answer that would hide the fault.
 */

const SHANGHAI_OFFSET = '+08:00';

const paths = {
  suggestions: '/api/v1/douyin/search/fetch_search_suggest',
  topics: '/api/v1/douyin/search/fetch_challenge_suggest',
  hot: '/api/v1/douyin/app/v3/fetch_hot_search_list',
  rising: '/api/v1/douyin/billboard/fetch_hot_rise_list',
  city: '/api/v1/douyin/billboard/fetch_hot_city_list',
} as const;

/**
 * An instant as the boards give it: Unix seconds or milliseconds, `yyyyMMddHHmmss`, or
 * `YYYY-MM-DD HH:mm:ss`, the last two in Shanghai time; null for anything else.
 */
export function parseSourceTime(value: unknown): Date | null {
  const text = asText(value).trim();
  let at: Date | null = null;
  if (/^\d{10}$/.test(text)) at = new Date(Number(text) * 1000);
  else if (/^\d{13}$/.test(text)) at = new Date(Number(text));
  else if (/^\d{14}$/.test(text)) {
    const [, y, mo, d, h, mi, s] = text.match(/^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/)!;
    at = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${SHANGHAI_OFFSET}`);
  } else if (/^\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d)?$/.test(text)) {
    at = new Date(`${text.replace(' ', 'T')}${text.length === 16 ? ':00' : ''}${SHANGHAI_OFFSET}`);
  }
  return at && Number.isFinite(at.getTime()) ? at : null;
}

/** Douyin's own status inside TikHub's `data`: anything but 0 means Douyin did not answer the question. */
function requireDouyinOk(path: string, data: Json | null, statusField: 'status_code' | 'code'): Json {
  if (!data) throw new TikhubError('unavailable', `TikHub ${path} answered 404: the endpoint is not there`);
  const status = data[statusField];
  if (status !== undefined && status !== null && asCount(status) !== 0) {
    throw new TikhubError(
      'unavailable',
      `TikHub ${path}: Douyin answered ${statusField} ${asText(status)}`,
      asText(data.status_msg) || asText(data.msg) || asText(data.message),
    );
  }
  return data;
}

/** An entry of Douyin's hot search board (`word_list[]`). */
function mapHotWord(item: Json, index: number): PlatformHotEntry {
  const label = asText(item.label);
  return {
    word: asText(item.word).trim(),
    rank: asCount(item.position) || index + 1,
    hotValue: asCount(item.hot_value),
    label: label && label !== '0' ? label : null,
    category: null,
    videoCount: asCountOrNull(item.video_count),
    since: asCount(item.event_time) > 0 ? fromUnixSeconds(item.event_time) : null,
    sourceId: asText(item.sentence_id) || null,
  };
}

/** An entry of a 热点宝 billboard (`objs[]`). */
function mapBillboardEntry(item: Json, index: number, offset: number): PlatformHotEntry {
  return {
    word: asText(item.sentence).trim(),
    rank: asCount(item.rank) || offset + index + 1,
    hotValue: asCount(item.hot_score),
    label: null,
    category: asText(item.sentence_tag_name) || null,
    videoCount: asCountOrNull(item.video_count),
    since: asCount(item.create_at) > 0 ? fromUnixSeconds(item.create_at) : null,
    sourceId: asText(item.sentence_id) || null,
  };
}

/** The keyword-side reads over a TikHub client; `now` stamps `fetchedAt`. */
export function createTikhubKeywordSource(client: TikhubClient, now: () => Date): PlatformKeywordSource {
  async function billboard(kind: 'rising' | 'city', cityCode: string | null, cursor: string | null | undefined) {
    const page = boardPageOf(cursor);
    const path = paths[kind];
    const query: Record<string, string> = {
      page: String(page),
      page_size: String(BOARD_PAGE_SIZE),
      // 'rank' orders by heat, 'rank_diff' by the change of rank (the family's docs).
      order: 'rank',
      sentence_tag: '',
      keyword: '',
      ...(cityCode ? { city_code: cityCode } : {}),
    };
    const outer = requireDouyinOk(path, await client.get(path, query), 'code');
    const inner = asObject(outer.data);
    if (!inner) throw new TikhubError('unavailable', `TikHub ${path} answered no board`, JSON.stringify(outer));
    const offset = (page - 1) * BOARD_PAGE_SIZE;
    const items = objectsIn(inner.objs)
      .map((item, index) => mapBillboardEntry(item, index, offset))
      .filter((entry) => entry.word !== '');
    const totalField = asObject(inner.page)?.total;
    const total = totalField === undefined || totalField === null ? null : asCount(totalField);
    const more = items.length > 0 && (total === null ? items.length >= BOARD_PAGE_SIZE : offset + items.length < total);
    return {
      items,
      nextCursor: more ? String(page + 1) : null,
      total,
      updatedAt: parseSourceTime(inner.last_update_time),
    };
  }

  return {
    // The 小红书, 快手 and B站 boards and 小红书's 联想词 (tikhub-platform-boards.ts).
    ...createTikhubPlatformBoards(client, now),

    async fetchSuggestions(word): Promise<PlatformSuggestion[]> {
      const path = paths.suggestions;
      const data = requireDouyinOk(path, await client.post(path, { keyword: word }), 'status_code');
      return objectsIn(data.sug_list)
        .map((item) => asText(item.content).trim())
        .filter((text, index, all) => text !== '' && all.indexOf(text) === index)
        .map((text, index) => ({ word: text, rank: index + 1, heat: null }));
    },

    async fetchTopicSuggestions(word): Promise<PlatformTopicSuggestion[]> {
      const path = paths.topics;
      const data = requireDouyinOk(path, await client.post(path, { keyword: word }), 'status_code');
      return objectsIn(data.sug_list)
        .map((item) => ({
          name: asText(item.cha_name).replace(/^#+/, '').trim(),
          topicId: asText(item.cid) || null,
          viewCount: asCountOrNull(item.view_count),
        }))
        .filter((topic) => topic.name !== '')
        .map((topic, index) => ({ ...topic, rank: index + 1 }));
    },

    async fetchHotList(kind: PlatformHotListKind, options = {}): Promise<PlatformHotList> {
      const fetchedAt = now();
      if (kind === 'city' && !options.cityCode) throw new TypeError('the 同城 board needs a city code');
      if (kind === 'rising' || kind === 'city') {
        const cityCode = kind === 'city' ? options.cityCode! : null;
        return { kind, cityCode, fetchedAt, ...(await billboard(kind, cityCode, options.cursor)) };
      }
      // The hot board is one page of about 50 words; there is no later page to ask for.
      if (options.cursor) throw new TypeError('not a board cursor');
      const path = paths.hot;
      const data = requireDouyinOk(
        path,
        await client.get(path, { board_type: '0', board_sub_type: '' }),
        'status_code',
      );
      // Douyin nests the board in its own `data`; read the top level too in case TikHub unwraps it.
      const board = asObject(data.data) ?? data;
      const items = objectsIn(board.word_list)
        .map(mapHotWord)
        .filter((entry) => entry.word !== '');
      return {
        kind,
        cityCode: null,
        items,
        nextCursor: null,
        total: items.length,
        updatedAt: parseSourceTime(board.active_time),
        fetchedAt,
      };
    },

    async fetchIndexSeries() {
      // TikHub documents the 巨量算数 family's request (POST /api/v1/douyin/index/fetch_multi_keyword_hot_trend
      // with keyword_list, start_date, end_date as YYYYMMDD) but not the shape of its answer, so this
      // source does not feed index series: the library keeps the ones it imports.
      return null;
    },
  };
}

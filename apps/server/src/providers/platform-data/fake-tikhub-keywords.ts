import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../fake-server';

/**
 * Test-only: the keyword-side endpoints of the fake TikHub (fake-tikhub.ts serves them). Shapes written
 * from TikHub's documentation pages and Douyin's public JSON, separately from the adapter's reading:
 *
 * - `POST /api/v1/douyin/search/fetch_search_suggest` `{ keyword }` → `sug_list[]` with `content`, `pos`,
 *   `word_record` (docs.tikhub.io/370212778e0)
 * - `POST /api/v1/douyin/search/fetch_challenge_suggest` `{ keyword }` → `sug_list[]` with `cha_name`,
 *   `view_count`, `cid`, `tag` (tikhub.apifox.cn/290050537e0)
 * - `GET /api/v1/douyin/app/v3/fetch_hot_search_list?board_type&board_sub_type` → Douyin's `data.word_list[]`
 * - `GET /api/v1/douyin/billboard/fetch_hot_rise_list` / `fetch_hot_city_list?page&page_size&order[&city_code]`
 *   → `{ code: 0, data: { page: { page, page_size, total }, objs, last_update_time } }`, paged
 *
 * An empty board answers `objs: null` and an empty hot board `word_list: null`, as Douyin does.
 */

/** A word on a fake board. */
export interface FakeHotWordInput {
  word: string;
  hotValue: number;
  /** Douyin's label code (0 none, 1 新, 3 热 …). */
  label?: number;
  videoCount?: number;
  /** Unix seconds. */
  eventTime?: number;
  sentenceId?: string;
  category?: string;
}

export interface FakeTopicInput {
  /** Without '#': the fake adds it as Douyin does. */
  name: string;
  views: number;
  cid?: string;
}

export type FakeBoard = 'hot' | 'rising' | 'city';

export interface FakeTikhubKeywords {
  /** The 下拉词 Douyin offers for a word, in order (a word never set has none). */
  setSuggestions(word: string, suggestions: string[]): void;
  setTopicSuggestions(word: string, topics: FakeTopicInput[]): void;
  /** The words of a board in rank order; the 同城 board per city code. */
  setBoard(board: FakeBoard, words: FakeHotWordInput[], cityCode?: string): void;
}

export interface FakeRoute {
  method: 'GET' | 'POST';
  required: string[];
  answer: (params: Record<string, string>) => unknown;
}

/** When the fake's boards say they were last updated (Shanghai time, as Douyin writes it). */
export const FAKE_BOARD_UPDATED = '2026-11-20 15:30:00';

const logid = () => `2026${randomBytes(14).toString('hex').toUpperCase()}`;

function searchAnswer(list: unknown[]) {
  const id = logid();
  return {
    status_code: 0,
    status_msg: '',
    rid: id,
    sug_list: list,
    words_query_record: { info: '', words_source: 'sug', query_id: '' },
    extra: { now: Date.now(), logid: id, fatal_item_ids: [], search_request_id: '' },
    log_pb: { impr_id: id },
  };
}

/** A Douyin search-family endpoint: POST `{ keyword }`, answering the list kept for the keyword. */
function suggestRoute<Item>(
  lists: Map<string, Item[]>,
  entry: (item: Item, index: number, keyword: string) => unknown,
): FakeRoute {
  return {
    method: 'POST',
    required: ['keyword'],
    answer: ({ keyword = '' }) =>
      searchAnswer((lists.get(keyword) ?? []).map((item, index) => entry(item, index, keyword))),
  };
}

function billboardEntry(input: FakeHotWordInput, rank: number, cityCode: string | null) {
  return {
    rank,
    rank_diff: 0,
    sentence: input.word,
    sentence_id: Number(input.sentenceId ?? 2_500_000 + rank),
    create_at: input.eventTime ?? 1_763_600_000,
    hot_score: input.hotValue,
    video_count: input.videoCount ?? 0,
    sentence_tag: 5000,
    sentence_tag_name: input.category ?? '社会',
    city_code: cityCode ? Number(cityCode) : 0,
    city_name: cityCode ? '成都' : '',
    first_item_cover_url: `https://p3-sign.douyinpic.com/cover-${rank}.jpeg`,
    trends: [],
    SnapshotType: 2,
    SnapshotSubType: '',
    is_favorite: false,
    item_list: null,
  };
}

/** The keyword routes and the controls a test sets their answers with. */
export function fakeKeywordRoutes(): { routes: Record<string, FakeRoute>; controls: FakeTikhubKeywords } {
  const suggestions = new Map<string, string[]>();
  const topics = new Map<string, FakeTopicInput[]>();
  const boards = new Map<string, FakeHotWordInput[]>();

  const billboard =
    (board: 'rising' | 'city') =>
    ({ page = '1', page_size = '10', city_code = '' }: Record<string, string>) => {
      const words = boards.get(board === 'city' ? `city:${city_code}` : board) ?? [];
      const size = Number(page_size);
      const start = (Number(page) - 1) * size;
      const slice = words.slice(start, start + size);
      return {
        code: 0,
        msg: '',
        data: {
          page: { page: Number(page), page_size: size, total: words.length },
          objs:
            slice.length > 0
              ? slice.map((input, index) => billboardEntry(input, start + index + 1, city_code || null))
              : null,
          last_update_time: FAKE_BOARD_UPDATED,
        },
      };
    };

  const routes: Record<string, FakeRoute> = {
    '/api/v1/douyin/search/fetch_search_suggest': suggestRoute(suggestions, (content, index, keyword) => ({
      content,
      sug_type: '',
      pos: [{ begin: 0, end: keyword.length }],
      word_record: { group_id: logid(), words_position: index, words_content: content, words_source: 'sug' },
      extra_info: { client_server_extra: '{}', poi_id: '', search_params: '{"score":0.9}' },
    })),
    '/api/v1/douyin/search/fetch_challenge_suggest': suggestRoute(topics, (topic, index) => ({
      cha_name: `#${topic.name}`,
      view_count: topic.views,
      cid: topic.cid ?? `16${String(index).padStart(17, '0')}`,
      group_id: logid(),
      tag: 0,
    })),
    '/api/v1/douyin/app/v3/fetch_hot_search_list': {
      method: 'GET',
      required: [],
      answer: () => {
        const words = boards.get('hot') ?? [];
        return {
          status_code: 0,
          data: {
            active_time: FAKE_BOARD_UPDATED,
            trending_list: [],
            word_list:
              words.length > 0
                ? words.map((input, index) => ({
                    word: input.word,
                    position: index + 1,
                    hot_value: input.hotValue,
                    label: input.label ?? 0,
                    video_count: input.videoCount ?? 0,
                    event_time: input.eventTime ?? 1_763_600_000,
                    sentence_id: input.sentenceId ?? String(2_400_000 + index),
                    sentence_tag: 5000,
                    word_type: 1,
                    group_id: logid(),
                    word_cover: { uri: '', url_list: [] },
                  }))
                : null,
          },
          extra: { now: Date.now() },
          log_pb: { impr_id: logid() },
        };
      },
    },
    '/api/v1/douyin/billboard/fetch_hot_rise_list': {
      method: 'GET',
      required: ['page', 'page_size', 'order'],
      answer: billboard('rising'),
    },
    '/api/v1/douyin/billboard/fetch_hot_city_list': {
      method: 'GET',
      required: ['page', 'page_size', 'order'],
      answer: billboard('city'),
    },
  };

  return {
    routes,
    controls: {
      setSuggestions: (word, list) => suggestions.set(word, list),
      setTopicSuggestions: (word, list) => topics.set(word, list),
      setBoard: (board, words, cityCode) => boards.set(board === 'city' ? `city:${cityCode}` : board, words),
    },
  };
}

/** A POST's parameters as FastAPI reads them: the JSON body's fields, as text; none from a broken body. */
export async function postParams(request: IncomingMessage): Promise<Record<string, unknown>> {
  try {
    const parsed: unknown = JSON.parse((await readBody(request)).toString('utf8') || '{}');
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Announces the whole answer, sends its first half, then drops the connection (a cut mid-answer). */
export function sendHalfAndDrop(response: ServerResponse, answer: string): void {
  const bytes = Buffer.from(answer);
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(bytes.length) });
  response.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => response.socket?.destroy());
}

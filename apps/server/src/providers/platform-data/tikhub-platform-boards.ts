import { z } from 'zod';
import type {
  PlatformBoard,
  PlatformBoardEntry,
  PlatformBoardKind,
  PlatformBoardLibrary,
  PlatformSuggestion,
} from './keywords';
import { asCountOrNull, asText, type Json, type TikhubClient, TikhubError } from './tikhub-client';

/*
 * The 小红书, 快手 and B站 boards through TikHub (docs/collection.md, "Libraries and their sources"). TikHub's OpenAPI
 * document (TikHub-API-Python-SDK, spec/openapi.json) gives each endpoint's parameters but not its answer: `data` is
 * the platform's own JSON, relayed. The shapes read here come from the platforms' web APIs as other code reads them
 * (each named below and in the docs); zod checks that the list is there, and a list missing or not a list is a
 * failure with the body's start, never an empty board. A list that is there and empty is an empty board.
 *
 * - B站 热门搜索: `GET /api/v1/bilibili/web/fetch_hot_search?limit=50` (limit ≤ 50) → Bilibili's
 *   `s.search.bilibili.com/main/hotword` answer `{ code: 0, list: [{ keyword, show_name, heat_score, pos, word_type }] }`
 *   or `x/web-interface/search/square`'s `{ code: 0, data: { trending: { list: [...] } } }`; both are read.
 * - 快手 热榜 and 搜索榜: `GET /api/v1/kuaishou/web/fetch_kuaishou_hot_list_v2?board_type=1|6` → `{ topHots: [...],
 *   hots: [{ keyword, hotValue, hotWordType, pvSoarSignal }] }` (top first).
 * - 小红书 热榜: `GET /api/v1/xiaohongshu/web_v2/fetch_hot_list` → `{ code: 0, success, data: { items: [{ id, title,
 *   score: '901.6万', word_type: '热', rank_change }] } }`.
 * - 小红书 热搜词: `GET /api/v1/xiaohongshu/web_v3/fetch_trending` → the web's `search/querytrending`
 *   `{ code: 0, success, data: { queries: [{ title, search_word, type, desc }] } }` (no heat).
 * - 小红书 联想词: `GET /api/v1/xiaohongshu/web_v3/fetch_search_suggest?keyword=` → the web's `search/recommend`
 *   `{ code: 0, success, data: { sug_items: [{ type, text }] } }`.
 */

export const platformBoardPaths = {
  bilibiliSearch: '/api/v1/bilibili/web/fetch_hot_search',
  kuaishou: '/api/v1/kuaishou/web/fetch_kuaishou_hot_list_v2',
  redHot: '/api/v1/xiaohongshu/web_v2/fetch_hot_list',
  redTrending: '/api/v1/xiaohongshu/web_v3/fetch_trending',
  redSuggest: '/api/v1/xiaohongshu/web_v3/fetch_search_suggest',
} as const;

/** Bilibili answers at most 50 words (TikHub's note on `limit`). */
export const BILIBILI_HOT_SEARCH_LIMIT = 50;

/** Kuaishou's `board_type` of each board (TikHub's description: 1 热榜 … 6 搜索). */
const kuaishouBoardTypes: Record<PlatformBoardKind, string> = { hot: '1', search: '6' };

const entryList = z.array(z.record(z.string(), z.unknown()));
/** The platform's own status: Bilibili and 小红书 send `code` 0 (and 小红书 `success`) on an answer. */
const platformStatus = z.object({
  code: z.union([z.number(), z.string()]).optional(),
  success: z.boolean().optional(),
  msg: z.string().optional(),
  message: z.string().optional(),
});
const bilibiliAnswer = z.union([
  z.object({ list: entryList }),
  z.object({ data: z.object({ trending: z.object({ list: entryList }) }) }),
]);
const kuaishouAnswer = z.union([
  z.object({ hots: entryList, topHots: entryList.nullish() }),
  z.object({ data: z.object({ hots: entryList, topHots: entryList.nullish() }) }),
]);
const redItems = z.object({ data: z.object({ items: entryList }) });
const redQueries = z.object({ data: z.object({ queries: entryList }) });
const redSuggestions = z.object({ data: z.object({ sug_items: entryList }) });

/** Refuses an answer in which the platform itself says it did not answer (a non-zero `code`, `success: false`). */
function requirePlatformOk(path: string, data: Json | null): Json {
  if (!data) throw new TikhubError('unavailable', `TikHub ${path} answered 404: the endpoint is not there`);
  const status = platformStatus.safeParse(data);
  if (!status.success) return data;
  const { code, success } = status.data;
  if ((code !== undefined && Number(code) !== 0) || success === false) {
    throw new TikhubError(
      'unavailable',
      `TikHub ${path}: the platform answered code ${code ?? '—'}`,
      status.data.msg ?? status.data.message,
    );
  }
  return data;
}

/** The answer read by `schema`, or a failure naming the path and the body's start: never an empty board. */
function readAnswer<T>(path: string, schema: z.ZodType<T>, data: Json): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new TikhubError(
      'unavailable',
      `TikHub ${path} answered a shape we cannot read`,
      JSON.stringify(data).slice(0, 300),
    );
  }
  return parsed.data;
}

/** 小红书 writes heat as text: '901.6万', '1.2亿', '8501'; null when it is none of these. */
export function parseHeatText(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.round(value) : null;
  const match = asText(value)
    .trim()
    .match(/^(\d+(?:\.\d+)?)\s*(万|亿|w|W)?$/);
  if (!match) return null;
  const unit = match[2] === '亿' ? 1e8 : match[2] ? 1e4 : 1;
  return Math.round(Number(match[1]) * unit);
}

const labelOf = (value: unknown): string | null => {
  const text = asText(value).trim();
  return text && text !== '0' && text !== '无' ? text : null;
};

/** Words in the board's order, blanks and repeats left out, ranked 1… in that order. */
function ranked(entries: Array<Omit<PlatformBoardEntry, 'rank'>>): PlatformBoardEntry[] {
  const seen = new Set<string>();
  const out: PlatformBoardEntry[] = [];
  for (const entry of entries) {
    const word = entry.word.trim();
    if (!word || seen.has(word)) continue;
    seen.add(word);
    out.push({ ...entry, word, rank: out.length + 1 });
  }
  return out;
}

/** The TikHub reads of the other platforms' boards and 小红书's 联想词. */
export function createTikhubPlatformBoards(client: TikhubClient, now: () => Date) {
  async function bilibili(): Promise<PlatformBoardEntry[]> {
    const path = platformBoardPaths.bilibiliSearch;
    const data = requirePlatformOk(path, await client.get(path, { limit: String(BILIBILI_HOT_SEARCH_LIMIT) }));
    const answer = readAnswer(path, bilibiliAnswer, data);
    const list = 'list' in answer ? answer.list : answer.data.trending.list;
    return ranked(
      list.map((item) => ({
        // `keyword` is what a search is made with; `show_name` the text shown, sometimes decorated.
        word: asText(item.keyword) || asText(item.show_name),
        heat: asCountOrNull(item.heat_score),
        label: labelOf(item.word_type),
      })),
    );
  }

  async function kuaishou(board: PlatformBoardKind): Promise<PlatformBoardEntry[]> {
    const path = platformBoardPaths.kuaishou;
    const data = requirePlatformOk(path, await client.get(path, { board_type: kuaishouBoardTypes[board] }));
    const answer = readAnswer(path, kuaishouAnswer, data);
    const lists = 'hots' in answer ? answer : answer.data;
    return ranked(
      [...(lists.topHots ?? []), ...lists.hots].map((item) => ({
        word: asText(item.keyword) || asText(item.name),
        heat: asCountOrNull(item.hotValue),
        label: labelOf(item.tagType ?? item.iconText),
      })),
    );
  }

  async function red(board: PlatformBoardKind): Promise<PlatformBoardEntry[]> {
    if (board === 'hot') {
      const path = platformBoardPaths.redHot;
      const data = requirePlatformOk(path, await client.get(path, {}));
      return ranked(
        readAnswer(path, redItems, data).data.items.map((item) => ({
          word: asText(item.title),
          heat: parseHeatText(item.score),
          label: labelOf(item.word_type),
        })),
      );
    }
    const path = platformBoardPaths.redTrending;
    const data = requirePlatformOk(path, await client.get(path, {}));
    return ranked(
      readAnswer(path, redQueries, data).data.queries.map((item) => ({
        word: asText(item.search_word) || asText(item.title),
        heat: null,
        label: null,
      })),
    );
  }

  return {
    async fetchPlatformBoard(library: PlatformBoardLibrary, board: PlatformBoardKind): Promise<PlatformBoard> {
      let read: () => Promise<PlatformBoardEntry[]>;
      if (library === 'BSO' && board === 'search') read = bilibili;
      else if (library === 'KSO') read = () => kuaishou(board);
      else if (library === 'RSO') read = () => red(board);
      else throw new TypeError(`TikHub documents no ${board} board of ${library}`);
      const fetchedAt = now();
      return { library, board, items: await read(), updatedAt: null, fetchedAt };
    },

    async fetchRedSuggestions(word: string): Promise<PlatformSuggestion[]> {
      const path = platformBoardPaths.redSuggest;
      const data = requirePlatformOk(path, await client.get(path, { keyword: word }));
      const wanted = word.trim();
      return ranked(
        readAnswer(path, redSuggestions, data)
          .data.sug_items.filter((item) => asText(item.type) !== 'history')
          .map((item) => ({ word: asText(item.text), heat: null, label: null }))
          .filter((item) => item.word.trim() !== wanted),
      ).map(({ word: text, rank }) => ({ word: text, rank, heat: null }));
    },
  };
}

import type { FakeRoute } from './fake-tikhub-keywords';

/**
 * Test-only: the 小红书, 快手 and B站 board endpoints of the fake TikHub (fake-tikhub.ts serves them), written from
 * the platforms' own web answers as TikHub relays them, separately from the adapter's reading
 * (docs/collection.md, "Libraries and their sources"):
 *
 * - `GET /api/v1/bilibili/web/fetch_hot_search?limit` (required, at most 50) → Bilibili's hotword answer
 *   `{ code: 0, list: [{ keyword, show_name, heat_score, pos, word_type, … }] }`, the first `limit` words
 * - `GET /api/v1/kuaishou/web/fetch_kuaishou_hot_list_v2?board_type` (1 热榜 … 6 搜索, default 1) →
 *   `{ topHots: [first], hots: [rest] }` with `keyword`, `hotValue`, `hotWordType`, `pvSoarSignal`
 * - `GET /api/v1/xiaohongshu/web_v2/fetch_hot_list` → `{ code: 0, success: true, data: { items: [{ id, title,
 *   score: '901.6万', word_type, rank_change }] } }`
 * - `GET /api/v1/xiaohongshu/web_v3/fetch_trending` → `{ code: 0, success: true, data: { queries: [{ title,
 *   search_word, type, desc }] } }`
 * - `GET /api/v1/xiaohongshu/web_v3/fetch_search_suggest?keyword` → `{ code: 0, success: true, data: { sug_items:
 *   [{ type, text, search_type }] } }`
 */

/** A word on a fake platform board, with its heat (none for 小红书's 热搜词). */
export interface FakePlatformWord {
  word: string;
  heat?: number;
}

/** The fake's platform boards: `RSO:hot`, `RSO:search`, `KSO:hot`, `KSO:search`, `BSO:search`. */
export type FakePlatformBoard = 'RSO:hot' | 'RSO:search' | 'KSO:hot' | 'KSO:search' | 'BSO:search';

export interface FakeTikhubPlatformBoards {
  /** The words of a platform board in rank order (a board never set answers an empty list). */
  setPlatformBoard(board: FakePlatformBoard, words: FakePlatformWord[]): void;
  /** 小红书's 联想词 for a word, in order. */
  setRedSuggestions(word: string, suggestions: string[]): void;
}

/** 小红书 writes heat as text in 万 above ten thousand. */
const redScore = (heat: number) => (heat >= 10_000 ? `${(heat / 10_000).toFixed(1)}万` : String(heat));

const kuaishouBoards: Record<string, FakePlatformBoard> = { '1': 'KSO:hot', '6': 'KSO:search' };

/** A 小红书 endpoint: a GET whose `data` sits in the web API's success envelope. */
const redRoute = (data: (params: Record<string, string>) => unknown): FakeRoute => ({
  method: 'GET',
  required: [],
  answer: (params) => ({ code: 0, success: true, msg: '成功', data: data(params) }),
});

export function fakePlatformBoardRoutes(): {
  routes: Record<string, FakeRoute>;
  controls: FakeTikhubPlatformBoards;
} {
  const boards = new Map<FakePlatformBoard, FakePlatformWord[]>();
  const suggestions = new Map<string, string[]>();
  const board = (name: FakePlatformBoard) => boards.get(name) ?? [];

  const kuaishouEntry = (input: FakePlatformWord, index: number) => ({
    id: `hot-${index + 1}`,
    keyword: input.word,
    hotValue: input.heat ?? 0,
    hotWordType: index === 0 ? 1 : 0,
    pvSoarSignal: index % 3 === 0 ? 1 : 0,
    iconUrl: '',
  });

  const routes: Record<string, FakeRoute> = {
    '/api/v1/bilibili/web/fetch_hot_search': {
      method: 'GET',
      required: ['limit'],
      answer: ({ limit = '10' }) => ({
        code: 0,
        cost: { total: '0.01' },
        seid: '9372861523467890',
        timestamp: 1_764_400_000,
        list: board('BSO:search')
          .slice(0, Math.min(50, Number(limit)))
          .map((input, index) => ({
            hot_id: 100 + index,
            keyword: input.word,
            show_name: input.word,
            heat_score: input.heat ?? 0,
            word_type: index < 2 ? 5 : 8,
            pos: index + 1,
            icon: '',
            goto_type: 0,
          })),
      }),
    },
    '/api/v1/kuaishou/web/fetch_kuaishou_hot_list_v2': {
      method: 'GET',
      required: [],
      answer: ({ board_type = '1' }) => {
        const name = kuaishouBoards[board_type];
        const words = name ? board(name) : [];
        const entries = words.map(kuaishouEntry);
        return { topHots: entries.slice(0, 1), hots: entries.slice(1), boardType: Number(board_type) };
      },
    },
    '/api/v1/xiaohongshu/web_v2/fetch_hot_list': redRoute(() => ({
      title: '小红书热榜',
      items: board('RSO:hot').map((input, index) => ({
        id: `dora_${2_000_000 + index}`,
        title: input.word,
        score: redScore(input.heat ?? 0),
        word_type: index < 2 ? '热' : '无',
        rank_change: 0,
        icon: '',
      })),
    })),
    '/api/v1/xiaohongshu/web_v3/fetch_trending': redRoute(() => ({
      word_request_id: 'trending-0001',
      title: '猜你想搜',
      queries: board('RSO:search').map((input) => ({
        title: input.word,
        search_word: input.word,
        type: 'trending',
        desc: '',
      })),
    })),
    '/api/v1/xiaohongshu/web_v3/fetch_search_suggest': redRoute(({ keyword = '' }) => ({
      word_request_id: 'sug-0001',
      sug_items: (suggestions.get(keyword) ?? []).map((text) => ({ type: 'sug', text, search_type: 'notes' })),
    })),
  };

  return {
    routes,
    controls: {
      setPlatformBoard: (name, words) => boards.set(name, words),
      setRedSuggestions: (word, list) => suggestions.set(word, list),
    },
  };
}

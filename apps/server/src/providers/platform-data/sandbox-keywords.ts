import { SHANGHAI_OFFSET_MS, shanghaiDay } from '@dso/domain';
import { mix32, shiftDays } from '../../features/keywords/demo/generator';
import { type HeadPhrase, headPhrases } from '../../features/keywords/demo/head-terms';
import { fnv1aOfCodePoints } from '../../lib/text-hash';
import {
  BOARD_PAGE_SIZE,
  boardPageOf,
  type PlatformBoard,
  type PlatformBoardKind,
  type PlatformBoardLibrary,
  type PlatformHotEntry,
  type PlatformHotList,
  type PlatformHotListKind,
  type PlatformIndexPoint,
  type PlatformKeywordSource,
} from './keywords';

/*
 * The sandbox's keyword side: answers drawn from the words the demo keyword library is made of (its head
 * terms and their long tails), so a fresh machine's collection runs fill the boards, suggestions and
 * topics with words the library holds. Everything is a function of the word and the Shanghai day asked
 * on: the same day gives the same answers, the next day reshuffles them. No date it gives is later than
 * the clock: boards list words that entered them before today, index series end yesterday.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const SUGGESTIONS = 10;
const TOPICS = 8;
const BOARD_SIZE: Record<PlatformHotListKind, number> = { hot: 50, rising: 50, city: 30 };
/** A board's top heat: the hot board's words run in the tens of millions, the others lower. */
const BOARD_TOP: Record<PlatformHotListKind, number> = { hot: 12_000_000, rising: 3_000_000, city: 1_500_000 };
const MAX_SERIES_DAYS = 366;
/** The sandbox's cities by the GB/T 2260 codes TikHub's city list uses; the 同城 board picks their words. */
const CITY_NAMES: Record<string, string> = {
  '110000': '北京',
  '310000': '上海',
  '440100': '广州',
  '440300': '深圳',
  '510100': '成都',
  '500000': '重庆',
  '330100': '杭州',
  '430100': '长沙',
  '610100': '西安',
  '420100': '武汉',
  '320100': '南京',
};

/**
 * The industries each other platform's boards lean to, as the demo library's platforms do (demo/generator.ts,
 * `platformAffinity`): 小红书 beauty, fashion, home and travel; 快手 farming, cars and food; B站 games, study, gadgets
 * and films. A board draws two thirds of its words from them.
 */
const PLATFORM_LEANING: Record<PlatformBoardLibrary, readonly string[]> = {
  RSO: ['美妆护肤', '服饰穿搭', '家居家装', '旅游出行', '美食餐饮'],
  KSO: ['三农', '汽车出行', '美食餐饮'],
  BSO: ['游戏', '教育培训', '数码家电', '影视娱乐'],
};
/** Which boards the sandbox answers, as TikHub documents them (collection-config.ts `libraryBoards` reads them). */
const PLATFORM_BOARDS: Record<PlatformBoardLibrary, readonly PlatformBoardKind[]> = {
  RSO: ['hot', 'search'],
  KSO: ['hot', 'search'],
  BSO: ['search'],
};
const PLATFORM_BOARD_SIZE = 30;
const PLATFORM_BOARD_TOP: Record<PlatformBoardLibrary, number> = { RSO: 9_000_000, KSO: 15_000_000, BSO: 1_200_000 };

/** A number in [0, 1) for a word, a purpose and a day. */
const draw = (word: string, salt: number, dayNumber: number) =>
  mix32(fnv1aOfCodePoints(word) ^ salt, dayNumber) / 2 ** 32;
const dayNumberOf = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
/** The instant a Shanghai day starts. */
const startOfDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - SHANGHAI_OFFSET_MS);

/** A head topic's views (话题播放量) on the day the views grow from; Douyin's big topics run from 亿 to 百亿. */
const TOPIC_VIEWS = 600_000_000;
const TOPIC_VIEWS_ORIGIN = dayNumberOf('2026-01-01');

/**
 * A topic's views on a day: heavy-tailed (Pareto, α 1.5, as views are: a few topics far ahead of the rest rather than
 * many near one ceiling), lower for a less searched phrase, and about 0.1 % more each day.
 */
function topicViews(phrase: HeadPhrase, dayNumber: number): number {
  const spread = Math.min(40, 0.3 * (1 - draw(phrase.keyword, 0x7, 0)) ** (-1 / 1.5));
  return Math.round((TOPIC_VIEWS / (phrase.rank + 1)) * spread * (1 + (dayNumber - TOPIC_VIEWS_ORIGIN) * 1e-3));
}

/** The demo library's phrases that contain `word` (not the word itself), most searched first. */
function phrasesWith(word: string): HeadPhrase[] {
  const wanted = word.trim();
  if (!wanted) return [];
  return headPhrases().filter((phrase) => phrase.keyword !== wanted && phrase.keyword.includes(wanted));
}

export interface SandboxKeywordOptions {
  now: () => Date;
}

/** The sandbox keyword source over the demo library's vocabulary. */
export function createSandboxKeywordSource(options: SandboxKeywordOptions): PlatformKeywordSource {
  const { now } = options;

  /** The whole board of a kind on a day: its words in rank order with their figures. */
  function board(kind: PlatformHotListKind, cityCode: string | null, day: string): PlatformHotEntry[] {
    const dayNumber = dayNumberOf(day);
    const salt = fnv1aOfCodePoints(`${kind}:${cityCode ?? ''}`);
    const city = cityCode ? CITY_NAMES[cityCode] : undefined;
    const tails = headPhrases().filter((phrase) => phrase.rank > 0);
    const local = city ? tails.filter((phrase) => phrase.keyword.includes(city)) : [];
    const pool = local.length >= 10 ? local : tails;
    const picked = pool
      .map((phrase) => ({ phrase, order: draw(phrase.keyword, salt, dayNumber) }))
      .sort((a, b) => a.order - b.order)
      .slice(0, BOARD_SIZE[kind]);
    const dayStart = startOfDay(day).getTime();
    return picked.map(({ phrase }, index) => {
      const r = draw(phrase.keyword, salt ^ 0x5bd1e995, dayNumber);
      return {
        word: phrase.keyword,
        rank: index + 1,
        hotValue: Math.round(BOARD_TOP[kind] * 0.94 ** index * (0.98 + r * 0.02)),
        // Douyin's codes as TikHub passes them on: 3 热 for the top of the hot board, 1 新 for a few others.
        label: kind === 'hot' && index < 3 ? '3' : kind === 'hot' && r < 0.15 ? '1' : null,
        category: phrase.industry,
        videoCount: 1 + Math.floor(r * 60),
        // Entered the board within the two days before today: never later than the clock.
        since: new Date(dayStart - (1 + Math.floor(r * 47)) * HOUR_MS),
        sourceId: String(2_000_000 + (mix32(fnv1aOfCodePoints(phrase.keyword), 7) % 1_000_000)),
      };
    });
  }

  /** A platform's board on a day: its leaning industries' long tails first, the rest of the library after. */
  function platformBoard(library: PlatformBoardLibrary, board: PlatformBoardKind, day: string) {
    const dayNumber = dayNumberOf(day);
    const salt = fnv1aOfCodePoints(`${library}:${board}`);
    const order = (phrases: HeadPhrase[]) =>
      phrases
        .map((phrase) => ({ phrase, order: draw(phrase.keyword, salt, dayNumber) }))
        .sort((a, b) => a.order - b.order)
        .map(({ phrase }) => phrase);
    const tails = headPhrases().filter((phrase) => phrase.rank > 0);
    const leaning = new Set(PLATFORM_LEANING[library]);
    const leaned = order(tails.filter((phrase) => leaning.has(phrase.industry)));
    const others = order(tails.filter((phrase) => !leaning.has(phrase.industry)));
    const favoured = Math.round(PLATFORM_BOARD_SIZE * (2 / 3));
    const picked = [...leaned.slice(0, favoured), ...others.slice(0, PLATFORM_BOARD_SIZE - favoured)];
    // 小红书's 热搜词 carry no heat, as the platform's own list does not.
    const hasHeat = !(library === 'RSO' && board === 'search');
    return order(picked).map((phrase, index) => ({
      word: phrase.keyword,
      rank: index + 1,
      heat: hasHeat
        ? Math.round(
            PLATFORM_BOARD_TOP[library] *
              0.93 ** index *
              (0.98 + draw(phrase.keyword, salt ^ 0x9e37, dayNumber) * 0.02),
          )
        : null,
      label: index < 2 ? '热' : null,
    }));
  }

  return {
    async fetchPlatformBoard(library, board): Promise<PlatformBoard> {
      if (!PLATFORM_BOARDS[library]?.includes(board)) throw new TypeError(`no ${board} board of ${library}`);
      const fetchedAt = now();
      return {
        library,
        board,
        items: platformBoard(library, board, shanghaiDay(fetchedAt)),
        // Updated on the hour, never later than the clock.
        updatedAt: new Date(Math.floor(fetchedAt.getTime() / HOUR_MS) * HOUR_MS),
        fetchedAt,
      };
    },

    async fetchRedSuggestions(word) {
      const dayNumber = dayNumberOf(shanghaiDay(now()));
      return phrasesWith(word)
        .map((phrase) => ({ phrase, jitter: draw(phrase.keyword, 0x52, dayNumber) }))
        .sort((a, b) => a.jitter - b.jitter)
        .slice(0, SUGGESTIONS)
        .map(({ phrase }, index) => ({ word: phrase.keyword, rank: index + 1, heat: null }));
    },

    async fetchSuggestions(word) {
      const dayNumber = dayNumberOf(shanghaiDay(now()));
      return phrasesWith(word)
        .map((phrase) => ({ phrase, jitter: draw(phrase.keyword, 0x51, dayNumber) }))
        .sort((a, b) => a.phrase.rank - b.phrase.rank || a.jitter - b.jitter)
        .slice(0, SUGGESTIONS)
        .map(({ phrase, jitter }, index) => ({
          word: phrase.keyword,
          rank: index + 1,
          heat: Math.round((80_000 / (index + 1)) * (0.9 + jitter * 0.2)),
        }));
    },

    async fetchTopicSuggestions(word) {
      const dayNumber = dayNumberOf(shanghaiDay(now()));
      const wanted = word.trim();
      const heads = headPhrases().filter(
        (phrase) => phrase.rank <= 3 && wanted !== '' && phrase.keyword.includes(wanted),
      );
      return heads.slice(0, TOPICS).map((phrase, index) => ({
        name: phrase.keyword,
        rank: index + 1,
        topicId: `16${String(mix32(fnv1aOfCodePoints(phrase.keyword), 16)).padStart(14, '0')}`,
        viewCount: topicViews(phrase, dayNumber),
      }));
    },

    async fetchHotList(kind, hotOptions = {}): Promise<PlatformHotList> {
      if (kind === 'city' && !hotOptions.cityCode) throw new TypeError('the 同城 board needs a city code');
      if (kind === 'hot' && hotOptions.cursor) throw new TypeError('not a board cursor');
      const fetchedAt = now();
      const cityCode = kind === 'city' ? hotOptions.cityCode! : null;
      const entries = board(kind, cityCode, shanghaiDay(fetchedAt));
      // The boards were last updated on the hour.
      const updatedAt = new Date(Math.floor(fetchedAt.getTime() / HOUR_MS) * HOUR_MS);
      if (kind === 'hot') {
        return { kind, cityCode, items: entries, nextCursor: null, total: entries.length, updatedAt, fetchedAt };
      }
      const page = boardPageOf(hotOptions.cursor);
      const start = (page - 1) * BOARD_PAGE_SIZE;
      const items = entries.slice(start, start + BOARD_PAGE_SIZE);
      const more = items.length > 0 && start + items.length < entries.length;
      return {
        kind,
        cityCode,
        items,
        nextCursor: more ? String(page + 1) : null,
        total: entries.length,
        updatedAt,
        fetchedAt,
      };
    },

    async fetchIndexSeries(word, from, to): Promise<PlatformIndexPoint[]> {
      if (!/^\d{4}-\d\d-\d\d$/.test(from) || !/^\d{4}-\d\d-\d\d$/.test(to)) throw new TypeError('days are YYYY-MM-DD');
      const phrase = headPhrases().find((item) => item.keyword === word.trim());
      if (!phrase) return [];
      const yesterday = shiftDays(shanghaiDay(now()), -1);
      const last = to < yesterday ? to : yesterday;
      const earliest = shiftDays(last, -(MAX_SERIES_DAYS - 1));
      const points: PlatformIndexPoint[] = [];
      const base = phrase.rank === 0 ? 400_000 : 120_000 / (phrase.rank + 1);
      for (let day = from < earliest ? earliest : from; day <= last; day = shiftDays(day, 1)) {
        const dayNumber = dayNumberOf(day);
        const weekly = 1 + 0.2 * Math.sin((dayNumber / 7) * 2 * Math.PI);
        const searchIndex = Math.round(base * weekly * (0.85 + draw(phrase.keyword, 0x1d, dayNumber) * 0.3));
        const overallIndex = Math.round(searchIndex * (1.3 + draw(phrase.keyword, 0x2e, dayNumber) * 0.4));
        points.push({ day, searchIndex, overallIndex });
      }
      return points;
    },
  };
}

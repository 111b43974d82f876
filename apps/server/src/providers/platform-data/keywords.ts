import type { PlatformPage } from './index';

/**
 * The keyword side of the platform data provider: what the collection jobs ask a source for to keep
 * the keyword library, its boards and its topics fresh. Douyin's, and the 小红书, 快手 and B站 boards
 * (`fetchPlatformBoard`); docs/collection.md ("Libraries and their sources") says which libraries no source of ours
 * can feed.
 *
 * Units as on the video side: counts and index values are whole numbers as the source gives them
 * (热度 and 指数 are unitless scores, never money or time), instants are Date, days are Shanghai
 * calendar days as `YYYY-MM-DD`.
 *
 * Empty is an answer, not a failure: an empty list means the source answered and had nothing (a word
 * without suggestions, a board the source left empty). The collection run records it as an empty
 * answer and never turns it into rows of zeros or an emptied board. A source that could not answer
 * rejects with a PlatformDataError instead, exactly as the video side does.
 */

/** One 下拉词 (search suggestion) for a word, in the order the source shows them. */
export interface PlatformSuggestion {
  word: string;
  /** 1-based position in the source's list. */
  rank: number;
  /** The heat the source gives the suggestion; null when it gives none (TikHub gives none). */
  heat: number | null;
}

/** The three Douyin boards: 热搜榜, 上升热点榜, 同城热点榜. */
export type PlatformHotListKind = 'hot' | 'rising' | 'city';

export interface PlatformHotListOptions {
  /** The city of the 同城 board: the source's city code (GB/T 2260 six digits with TikHub). Required for 'city'. */
  cityCode?: string;
  /** Opaque, from `nextCursor` of the page before; null or absent for the first page. */
  cursor?: string | null;
}

/** One word on a board. */
export interface PlatformHotEntry {
  word: string;
  /** 1-based position on the board. */
  rank: number;
  /** 热度: the source's unitless heat score. */
  hotValue: number;
  /** The 标签 the board shows beside the word (Douyin sends a code such as '3'), as text; null when none. */
  label: string | null;
  /** The board's category of the word (社会, 娱乐 …) when the source names one; else null. */
  category: string | null;
  /** Videos about the word, when the source counts them; else null. */
  videoCount: number | null;
  /** When the word entered the board, when the source says; else null. */
  since: Date | null;
  /** The source's id of the entry (Douyin's sentence_id), for the log and de-duplication; else null. */
  sourceId: string | null;
}

/** One page of a board, with the board's own update time. */
export interface PlatformHotList extends PlatformPage<PlatformHotEntry> {
  kind: PlatformHotListKind;
  /** The city of a 同城 board; null for the others. */
  cityCode: string | null;
  /** When the source last updated the board; null when it does not say. */
  updatedAt: Date | null;
  /** When we read it. */
  fetchedAt: Date;
}

/** A challenge (话题) suggested for a word. */
export interface PlatformTopicSuggestion {
  /** The topic without its leading '#'. */
  name: string;
  /** 1-based position in the source's list. */
  rank: number;
  /** The platform's topic id (Douyin's cid); null when the source gives none. */
  topicId: string | null;
  /** 播放/浏览 count of the topic as the source reports it; null when it gives none. */
  viewCount: number | null;
}

/** One day of a word's 巨量算数 index series. */
export interface PlatformIndexPoint {
  /** Shanghai calendar day, `YYYY-MM-DD`. */
  day: string;
  /** The search index of the day. */
  searchIndex: number;
  /** The overall index (综合指数) of the day, when the source has it; else null. */
  overallIndex: number | null;
}

/**
 * The libraries besides Douyin's that a source may feed from their own platforms' boards: 小红书 (RSO), 快手 (KSO) and
 * B站 (BSO). Which library reads which board is collection-config.ts's `libraryBoards`; a source answers the boards
 * its vendor documents and refuses the others with a TypeError before any call.
 */
export type PlatformBoardLibrary = 'RSO' | 'KSO' | 'BSO';

/** A platform's board: `hot` its 热榜, `search` its 热搜词 (Kuaishou's 搜索榜, Bilibili's 热门搜索, 小红书's 热搜词). */
export type PlatformBoardKind = 'hot' | 'search';

/** One word on a platform's board. */
export interface PlatformBoardEntry {
  word: string;
  /** 1-based position on the board. */
  rank: number;
  /** The board's heat figure (热度 / heat_score / hotValue); null when the board gives none. */
  heat: number | null;
  /** The badge the board shows beside the word (热, 新, 梗 …) as the platform sends it; null when none. */
  label: string | null;
}

/** A platform's board as read whole (these boards are one page of at most 50 words). */
export interface PlatformBoard {
  library: PlatformBoardLibrary;
  board: PlatformBoardKind;
  items: PlatformBoardEntry[];
  /** When the platform last updated the board; null when it does not say. */
  updatedAt: Date | null;
  /** When we read it. */
  fetchedAt: Date;
}

/** Entries a page of a paged board holds, with every source (TikHub's billboard leaves the size to us). */
export const BOARD_PAGE_SIZE = 20;

/**
 * The page number a board cursor stands for (1 without a cursor). Board cursors are page numbers as
 * text with every source; anything else is refused before a call.
 */
export function boardPageOf(cursor: string | null | undefined): number {
  if (cursor === null || cursor === undefined) return 1;
  if (!/^\d{1,6}$/.test(cursor) || Number(cursor) < 1) throw new TypeError('not a board cursor');
  return Number(cursor);
}

/** One interface for the sandbox and every real source of keyword-side data. */
export interface PlatformKeywordSource {
  /** 下拉词 of a word, in the source's order. */
  fetchSuggestions(word: string): Promise<PlatformSuggestion[]>;
  /** A page of a board; 'city' needs `options.cityCode` (a TypeError without it, before any call). */
  fetchHotList(kind: PlatformHotListKind, options?: PlatformHotListOptions): Promise<PlatformHotList>;
  /** Challenges (话题) the source suggests for a word, in its order. */
  fetchTopicSuggestions(word: string): Promise<PlatformTopicSuggestion[]>;
  /**
   * A word's daily index from `from` to `to` (inclusive Shanghai days, `YYYY-MM-DD`), oldest first, never
   * past yesterday. Null when this source does not feed index series at all (the library keeps its own);
   * an empty list when it does but has no day for the word.
   */
  fetchIndexSeries(word: string, from: string, to: string): Promise<PlatformIndexPoint[] | null>;
  /**
   * A board of another platform's library, read whole. A board the source does not document is a TypeError, before
   * any call; an answer whose shape the adapter cannot read rejects (unavailable), never an empty board.
   */
  fetchPlatformBoard(library: PlatformBoardLibrary, board: PlatformBoardKind): Promise<PlatformBoard>;
  /** 小红书's 联想词 of a word, in its order (the word itself left out). */
  fetchRedSuggestions(word: string): Promise<PlatformSuggestion[]>;
}

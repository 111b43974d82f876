import type { PlatformDataError, PlatformDataErrorReason } from '../platform-data/index';

/**
 * The hot-list provider: Douyin's own hot boards, a second source for the DSO boards beside the platform data
 * provider, so one vendor's outage does not empty them. The sandbox (HOT_LIST_PROVIDER=sandbox, the default) draws
 * plausible boards from the demo vocabulary; the real adapter (`douyin`) reads the Douyin Open Platform's data-open
 * hot lists with the application's client token (docs/providers.md, "Hot lists").
 *
 * Entries are in our units whatever the source sends: ranks from 1, heat values and counts as numbers, instants as
 * Date. A board the source answered with no entries resolves with an empty `entries` list: that is the source saying
 * "nothing on the board", which a collection records as an empty board. A board that could not be read rejects with
 * a {@link HotListError}; it never resolves as an empty one.
 */

/** A word on the hot search board (热点榜) or the rising words (上升词). */
export interface HotWordEntry {
  word: string;
  /** Place on the board, from 1. */
  rank: number;
  /** The source's heat (热度值); the sandbox's is on the same scale. */
  hotValue: number;
  /** The source's badge (新, 热, …) as it names it, when it gives one. */
  label: string | null;
  /** Videos under the word, when the source counts them. */
  videoCount: number | null;
}

/** A video on the hot video board (热门视频榜). */
export interface HotVideoEntry {
  rank: number;
  title: string;
  /** The author's nickname. */
  author: string;
  cover: string;
  shareUrl: string;
  playCount: number;
  likeCount: number;
  commentCount: number;
  /** The board's 热词 of the video, each once, in the source's order. */
  hotWords: string[];
  /** 热度指数. */
  hotValue: number;
}

/** A topic on the topic board (话题榜). */
export interface HotTopicEntry {
  /** The topic's title, without '#'. */
  title: string;
  rank: number;
  /** Places moved since the last board (positive: up), when the source says; null for a new entry or none given. */
  rankChange: number | null;
  /** 影响力指数. */
  effectValue: number;
}

/** A board as read: its entries in rank order and the time it stands for. */
export interface HotBoard<Entry> {
  entries: Entry[];
  /**
   * When the board was true: the source's own time when it gives one (the hot search board's `active_time`), else
   * when it was read. Never later than the read.
   */
  asOf: Date;
}

/** Why a board could not be read: the same reasons as the platform data provider's, so collections treat both alike. */
export type HotListErrorReason = PlatformDataErrorReason;

/** The rejection of a board that could not be read; a collection retries `rate_limited` and `unavailable`. */
export class HotListError extends Error implements PlatformDataError {
  constructor(
    readonly reason: HotListErrorReason,
    message: string,
    /** The vendor's code and message, and its log id when it sent one, for the log. */
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'HotListError';
  }
}

/** One interface for the sandbox and the Douyin Open Platform adapter. */
export interface HotListProvider {
  /** 'sandbox' or 'douyin'. */
  readonly name: string;
  /** Boards from this source are demo data. */
  readonly isDemo: boolean;
  /** The hot search board (实时热点词), ranked as the source lists it. */
  fetchHotSearch(): Promise<HotBoard<HotWordEntry>>;
  /** The rising words (上升词), every page of them. */
  fetchRisingWords(): Promise<HotBoard<HotWordEntry>>;
  /** The hot video board (热门视频榜; the source refreshes it daily). */
  fetchHotVideos(): Promise<HotBoard<HotVideoEntry>>;
  /** The topic board (话题榜). */
  fetchHotTopics(): Promise<HotBoard<HotTopicEntry>>;
}

/**
 * The rank source (关键词排名监控): the works a platform ranks under a keyword, in order, as far
 * down as the monitoring reads (the top 100). The sandbox (the default, RANK_SOURCE_PROVIDER=sandbox) ranks
 * the demo video library, moving day by day; the real adapter (`platform-data`) reads the keyword's search
 * results through the platform data provider (PLATFORM_DATA_PROVIDER, e.g. TikHub). docs/monitoring.md.
 */

/** One work in a keyword's ranking. */
export interface RankedEntry {
  awemeId: string;
  title: string;
  author: string;
  cover: string;
  goodCount: number;
}

export interface RankQuery {
  platform: string;
  keyword: string;
  /** The Asia/Shanghai day the check is for (the sandbox's ranking is a function of it). */
  day: string;
  /** How many places to read (the top `depth`). */
  depth: number;
}

/** Why a source could not answer. */
export type RankSourceErrorReason =
  /** Refused our credentials: every later call would be refused too. */
  | 'unauthorized'
  /** Asked us to slow down, or our quota with the vendor is spent. */
  | 'rate_limited'
  /** Down, timed out, or answered something unreadable. */
  | 'unavailable';

/** The rejection of a ranking that could not be read; the check job retries the last two reasons. */
export class RankSourceError extends Error {
  constructor(
    readonly reason: RankSourceErrorReason,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'RankSourceError';
  }
}

/** One interface for the sandbox and the real adapter. */
export interface RankSource {
  /** 'sandbox', or 'platform-data:<vendor>'. */
  readonly name: string;
  /** Rankings from this source rank demo data. */
  readonly isDemo: boolean;
  /** The keyword's ranked works, best first, at most `depth`; an empty list when none rank. */
  fetchRanking(query: RankQuery): Promise<RankedEntry[]>;
}

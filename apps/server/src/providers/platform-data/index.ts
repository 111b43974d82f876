/**
 * The platform data provider: what the product asks a source of Douyin data for. The demo
 * generator's sandbox is the default; a real adapter speaks a documented third-party Douyin data API.
 * The refresh job (the dialog's refresh button) and the importers call it; routes never do, they read
 * the tables.
 *
 * Records are plain objects in our units, whatever the source sends: money in fen, durations in
 * milliseconds, instants as Date, counts as numbers, platform ids as text. Figures the product derives
 * (size and sales classes, per-video averages, competition, hot words) are not asked of the source.
 *
 * Errors: a subject the source does not know resolves `null` (a video deleted on the platform is not
 * that: it comes back with status 'deleted' when the source says so). A source that cannot answer
 * rejects with a {@link PlatformDataError}.
 */

/** A product sold in a video. */
export interface PlatformGoods {
  title: string;
  priceFen: number;
  sales: number;
  cover: string | null;
  productId: string | null;
}

/** A creator's account and totals as the source reports them. */
export interface PlatformCreatorRecord {
  /** The platform's account id (what the creator profile call is asked with). */
  userId: string;
  /** The handle users see (抖音号). */
  uniqueId: string;
  nickName: string;
  avatar: string;
  signature: string;
  /** 0 unknown, 1 male, 2 female. */
  gender: 0 | 1 | 2;
  province: string;
  city: string;
  /** 领域 in the keyword library's industry vocabulary, when the source classifies accounts; else null. */
  field: string | null;
  verified: boolean;
  verifyInfo: string | null;
  isCommerce: boolean;
  mcn: string | null;
  followerCount: number;
  totalFavorited: number;
  awemeCount: number;
  /** Comments over all works, when the source has it; else null (the stored figure stays). */
  videoCommentTotalCount: number | null;
  /** Shares over all works, when the source has it; else null (the stored figure stays). */
  videoShareTotalCount: number | null;
  /** Collects over all works, when the source has it (the collect average needs it); else null. */
  videoCollectTotalCount: number | null;
  /** Sales over the last 30 days, when the source has them; else null. */
  salesAmountFen30d: number | null;
  liveCount: number | null;
  /** When the source measured these figures. */
  fetchedAt: Date;
}

/** A video (or image-text post) and its current figures. */
export interface PlatformVideoRecord {
  awemeId: string;
  /** The author's platform account id. */
  authorUserId: string;
  desc: string;
  /** Hashtags without '#'. */
  tags: string[];
  cover: string;
  shareUrl: string;
  /** Null when the source gives no playable address. */
  playUrl: string | null;
  createTime: Date;
  /** 0 for an image-text post. */
  durationMs: number;
  goodCount: number;
  commentCount: number;
  shareCount: number;
  collectCount: number;
  musicId: string | null;
  musicTitle: string | null;
  /** The goods sold in the work; null when the source does not say (the stored goods stay). */
  goods: PlatformGoods[] | null;
  status: 'normal' | 'deleted' | 'hidden';
  fetchedAt: Date;
}

/** A comment of a video. */
export interface PlatformComment {
  /** The platform's comment id: what makes a re-import update instead of duplicate. */
  cid: string;
  text: string;
  createTime: Date;
  diggCount: number;
  replyCount: number;
  nickname: string;
  avatarUrl: string;
}

/**
 * One page of a list the source pages through. `cursor` is opaque: pass `nextCursor` back for the
 * next page (null for the first); `nextCursor` null = no more pages.
 */
export interface PlatformPage<Item> {
  items: Item[];
  nextCursor: string | null;
  /** The source's total, when it tells one. */
  total: number | null;
}

/** A video's cumulative figures at one instant (a point of the first-72-hours trend). */
export interface PlatformTrendPoint {
  at: Date;
  goodCount: number;
  commentCount: number;
  shareCount: number;
  collectCount: number;
}

/** Why a source could not answer. */
export type PlatformDataErrorReason =
  /** Refused our credentials. */
  | 'unauthorized'
  /** Asked us to slow down, or our quota with the vendor is spent. */
  | 'rate_limited'
  /** Down, timed out, or answered something we cannot read. */
  | 'unavailable';

/** The rejection of a source that could not answer; the refresh job retries the last two reasons. */
export interface PlatformDataError extends Error {
  readonly reason: PlatformDataErrorReason;
  /** The vendor's own code or message, for the log. */
  readonly detail?: string;
}

/** One interface for the demo sandbox and every real Douyin data adapter. */
export interface PlatformDataProvider {
  /** 'sandbox', or the vendor's name. */
  readonly name: string;
  /** Records from this source are demo data (stored with `is_demo`, shown with the demo banner). */
  readonly isDemo: boolean;
  /** A video's details and current figures. */
  fetchVideo(awemeId: string): Promise<PlatformVideoRecord | null>;
  /** A creator's account and totals. */
  fetchCreator(userId: string): Promise<PlatformCreatorRecord | null>;
  /** A creator's works, newest first. */
  fetchCreatorVideos(userId: string, cursor: string | null): Promise<PlatformPage<PlatformVideoRecord>>;
  /** A video's comments, in the source's order (usually most liked first). */
  fetchComments(awemeId: string, cursor: string | null): Promise<PlatformPage<PlatformComment>>;
  /**
   * The video's figures over its first 72 hours, oldest first, as far as the source keeps them; an
   * empty list when it keeps none (the refresh job then builds the trend from its own snapshots).
   */
  fetchTrend(awemeId: string): Promise<PlatformTrendPoint[]>;
  /** Videos whose text matches a keyword, in the source's ranking (the works ranked under a keyword). */
  searchVideos(keyword: string, cursor: string | null): Promise<PlatformPage<PlatformVideoRecord>>;
}

/** The keyword side (suggestions, boards, topics, index series): keywords.ts. */
export type {
  PlatformHotEntry,
  PlatformHotList,
  PlatformHotListKind,
  PlatformHotListOptions,
  PlatformIndexPoint,
  PlatformKeywordSource,
  PlatformSuggestion,
  PlatformTopicSuggestion,
} from './keywords';

/**
 * Structured work asked of the model, carried in the request's context beside the messages. A real
 * model reads the messages (which state the same data and ask for JSON); the sandbox answers the task
 * from this data directly, deterministically, in the same JSON shape.
 */

/** 关键词思维导图: group a keyword's library words into named branches. */
export interface LlmWordGroupsTask {
  keyword: string;
  /** The words to group, best first; every one belongs to exactly one group in the answer. */
  words: string[];
  groupsMax: number;
}

/** The answer to {@link LlmWordGroupsTask}: `{"groups":[{"name":"…","words":["…"]}]}`. */
export interface LlmWordGroupsAnswer {
  groups: Array<{ name: string; words: string[] }>;
}

/** AI 直播复盘: the facts of a live session, already measured, for the model to judge. */
export interface LlmLiveReplayTask {
  title: string;
  durationSeconds: number;
  /** The transcript cut into stretches, in order; the answer names and sums up each by index. */
  blocks: Array<{
    index: number;
    start: number;
    end: number;
    text: string;
    /** Goods talked about in this stretch. */
    goods: string[];
    /** Mean online count over the stretch (null without a curve). */
    online: number | null;
  }>;
  /**
   * Goods with how often they were talked about and, for a session, their rank by units sold (1 = sold
   * most). Ranks, not figures: most users may not see a session's exact sales (002 §6).
   */
  goods: Array<{ title: string; mentions: number; salesRank: number | null }>;
  /** Rises of the online count with what was being said. */
  peaks: Array<{ minute: number; online: number; rise: number; said: string }>;
  /** The quietest stretch of the curve (null without a curve). */
  low: { minute: number; online: number } | null;
}

/**
 * The answer to {@link LlmLiveReplayTask}:
 * `{"overview":"…","segments":[{"index":0,"title":"…","summary":"…"}],"keep":["…"],"change":["…"]}`.
 */
export interface LlmLiveReplayAnswer {
  overview: string;
  segments: Array<{ index: number; title: string; summary: string }>;
  keep: string[];
  change: string[];
}

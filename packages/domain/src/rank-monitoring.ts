import { glossaryLimits } from './glossary';

/**
 * Rank monitoring rules: how a monitored work's place under a keyword moved from one check
 * to the next, the glossary's coverage counts, and the daily paper's classes. Ranks are 1-based places
 * in a keyword's search results; null means "not in the ranking" (a check that failed has no rank at
 * all and is never passed here as one).
 */

/** How far down a keyword's results a check reads: the glossary's core-keyword depth (top 100). */
export const RANK_DEPTH = glossaryLimits.coreKeywordTop;

/** A rank change between two checks. */
export type RankMove =
  /** Ranked both times, higher now; `delta` places gained (> 0). */
  | { kind: 'up'; delta: number }
  /** Ranked both times, lower now; `delta` places lost (> 0). */
  | { kind: 'down'; delta: number }
  | { kind: 'same'; delta: 0 }
  /** Not ranked before (or no earlier check), ranked now. */
  | { kind: 'new'; delta: 0 }
  /** Ranked before, not ranked now. */
  | { kind: 'lost'; delta: 0 }
  /** Not ranked either time, or nothing to compare. */
  | { kind: 'none'; delta: 0 };

/**
 * The move from `previous` to `latest` (000 §9 ranks, smaller is better):
 * 1. both ranked: up by previous − latest, down by latest − previous, or the same;
 * 2. ranked now only: new (上榜); ranked before only: lost (掉榜);
 * 3. neither: none.
 * `previous` undefined means there was no earlier successful check: a ranked work is then new.
 */
export function rankMove(previous: number | null | undefined, latest: number | null): RankMove {
  if (latest !== null && previous !== null && previous !== undefined) {
    if (latest < previous) return { kind: 'up', delta: previous - latest };
    if (latest > previous) return { kind: 'down', delta: latest - previous };
    return { kind: 'same', delta: 0 };
  }
  if (latest !== null) return { kind: 'new', delta: 0 };
  if (previous !== null && previous !== undefined) return { kind: 'lost', delta: 0 };
  return { kind: 'none', delta: 0 };
}

/** The move as the list shows it: ↑3, ↓2, 新上榜, 掉榜, or '-'. */
export function rankMoveLabel(move: RankMove): string {
  switch (move.kind) {
    case 'up':
      return `↑${move.delta}`;
    case 'down':
      return `↓${move.delta}`;
    case 'new':
      return '新上榜';
    case 'lost':
      return '掉榜';
    default:
      return '-';
  }
}

/** The glossary's coverage counts (000 §9) over a set of ranks: 核心词数 (top 100) and 排名数 (top 10). */
export interface RankCoverage {
  /** Ranks within the top 100. */
  core: number;
  /** Ranks within the top 10. */
  ranking: number;
}

export function rankCoverage(ranks: ReadonlyArray<number | null>): RankCoverage {
  let core = 0;
  let ranking = 0;
  for (const rank of ranks) {
    if (rank === null || rank < 1) continue;
    if (rank <= glossaryLimits.coreKeywordTop) core++;
    if (rank <= glossaryLimits.rankingTop) ranking++;
  }
  return { core, ranking };
}

/**
 * A move big enough to tell the user about (an alert): entering or leaving the top 10, or at least
 * `threshold` places up or down (default 10, a page of results).
 */
export function isBigMove(previous: number | null | undefined, latest: number | null, threshold = 10): boolean {
  const move = rankMove(previous, latest);
  if (move.kind === 'up' || move.kind === 'down') {
    const top = glossaryLimits.rankingTop;
    const crossed = previous! <= top !== latest! <= top;
    return crossed || move.delta >= threshold;
  }
  return (
    (move.kind === 'new' && latest! <= glossaryLimits.rankingTop) ||
    (move.kind === 'lost' && previous! <= glossaryLimits.rankingTop)
  );
}

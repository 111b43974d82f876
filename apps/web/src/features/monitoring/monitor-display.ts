import { type MonitorItem, type MonitorMover, monitoringMessages } from '@dso/contract';
import { type RankMove, rankMove, rankMoveLabel } from '@dso/domain';

/** How the monitoring views show an item's latest check and its move (docs/monitoring.md). */

/** The latest check in words: 第N名, 上榜作品N个, 未上榜, 检测失败, 待检测. */
export function latestText(item: Pick<MonitorItem, 'aweme_id' | 'latest'>): string {
  const latest = item.latest;
  if (!latest || latest.status === 'pending') return monitoringMessages.pending;
  if (latest.status === 'failed') return monitoringMessages.checkFailed;
  if (latest.status === 'unranked') return monitoringMessages.unranked;
  if (item.aweme_id === null) return `上榜作品${latest.ranked_count ?? 0}个`;
  return `第${latest.rank}名`;
}

/** A work item's move since its previous successful check; null for keyword items and unfinished checks. */
export function itemMove(
  item: Pick<MonitorItem, 'aweme_id' | 'latest' | 'previous_rank' | 'has_previous'>,
): RankMove | null {
  const latest = item.latest;
  if (item.aweme_id === null || !latest || (latest.status !== 'ranked' && latest.status !== 'unranked')) return null;
  return rankMove(item.has_previous ? item.previous_rank : undefined, latest.rank);
}

/** The move as a label and a tone for colouring (the Chinese convention: rises red, falls green). */
export function moveView(move: RankMove | null): { label: string; tone: 'up' | 'down' | 'flat' } {
  if (!move) return { label: '-', tone: 'flat' };
  const label = rankMoveLabel(move);
  if (move.kind === 'up' || move.kind === 'new') return { label, tone: 'up' };
  if (move.kind === 'down' || move.kind === 'lost') return { label, tone: 'down' };
  return { label, tone: 'flat' };
}

/** A mover's before → after, e.g. 第12名 → 第3名, 未上榜 → 第8名. */
export function moverText(mover: Pick<MonitorMover, 'previous_rank' | 'rank'>): string {
  const place = (rank: number | null) => (rank === null ? monitoringMessages.unranked : `第${rank}名`);
  return `${place(mover.previous_rank)} → ${place(mover.rank)}`;
}

/** A work's name in lists: its title, else its id. */
export const workName = (work: { work_title: string; aweme_id: string | null }) =>
  work.work_title || (work.aweme_id ? `作品 ${work.aweme_id}` : '整个关键词');

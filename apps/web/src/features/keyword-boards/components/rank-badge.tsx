import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';

/** The rank, with gold, silver and bronze for the top three. */
export function RankBadge({ rank }: { rank: number }) {
  const tier = rank <= 3 ? `top${rank}` : 'rest';
  return (
    <span className={`kb-rank kb-rank--${tier}`} data-rank-tier={tier} title={`第${rank}名`}>
      {rank}
    </span>
  );
}

/**
 * The move since the previous board day (contract `rank_change`): ↑n up, ↓n down, a dash for no
 * move, and 新 for a word new on the board (null).
 */
export function RankChange({ change }: { change: number | null }) {
  if (change === null) {
    return (
      <span className="kb-change kb-change--new" title="新上榜">
        新
      </span>
    );
  }
  if (change === 0) {
    return (
      <span className="kb-change kb-change--same" title="排名不变">
        -
      </span>
    );
  }
  const up = change > 0;
  return (
    <span
      className={`kb-change kb-change--${up ? 'up' : 'down'} move--${up ? 'up' : 'down'}`}
      title={`${up ? '上升' : '下降'}${Math.abs(change)}名`}
    >
      {up ? <ArrowUpOutlined aria-hidden /> : <ArrowDownOutlined aria-hidden />}
      {Math.abs(change)}
    </span>
  );
}

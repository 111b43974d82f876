import { CheckCircleFilled } from '@ant-design/icons';
import type { CreatorRow } from '@dso/contract';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { formatFigure } from '../../../lib/figures';
import { formatGrowth, personDetailPath, placeOf } from '../figures';
import { CreatorAvatar } from './creator-avatar';
import { CreatorClassTags } from './creator-class-tags';

type Row = CreatorRow & { reasons?: string[] };

function CreatorRowView({ row, rank }: { row: Row; rank: number | null }) {
  const place = placeOf(row);
  return (
    <li className="cr-row" data-testid="creator-row">
      {rank !== null && (
        <span className={`cr-rank${rank <= 3 ? ' cr-rank--top' : ''}`} data-testid="creator-rank">
          {rank}
        </span>
      )}
      <span className="cr-cell cr-cell--who">
        {/* The nickname beside it is the link that names the creator; the picture is a second target for the mouse only. */}
        <Link to={personDetailPath(row.user_id)} className="cr-who" tabIndex={-1} aria-hidden="true">
          <CreatorAvatar creator={row} size={44} />
        </Link>
        <span className="cr-who__text">
          <span className="cr-who__name">
            <Link to={personDetailPath(row.user_id)} className="cr-name">
              {row.nick_name}
            </Link>
            {row.verified && <CheckCircleFilled className="cr-verified" aria-label="已认证" />}
          </span>
          <span className="cr-who__meta">
            {row.unique_id && <span>抖音号：{row.unique_id}</span>}
            {place && <span>{place}</span>}
          </span>
          <span className="cr-tags">
            <CreatorClassTags creator={row} />
            {row.is_commerce && (
              <Tag variant="filled" color="orange">
                带货
              </Tag>
            )}
          </span>
          {row.reasons && row.reasons.length > 0 && (
            <ul className="cr-reasons" aria-label="匹配理由" data-testid="competitor-reasons">
              {row.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          )}
        </span>
      </span>
      <span className="cr-cell cr-cell--num" data-label="粉丝数">
        {formatFigure(row.total_follower_count)}
      </span>
      <span className="cr-cell cr-cell--num" data-label="获赞数">
        {formatFigure(row.total_favorited)}
      </span>
      <span
        className={`cr-cell cr-cell--num${row.follower_growth_30d < 0 ? ' cr-down' : row.follower_growth_30d > 0 ? ' cr-up' : ''}`}
        data-label="30天涨粉"
      >
        {formatGrowth(row.follower_growth_30d)}
      </span>
      <span className="cr-cell cr-cell--num" data-label="作品数">
        {formatFigure(row.aweme_count)}
      </span>
    </li>
  );
}

/**
 * Creators as a list with a head: avatar (or its placeholder), nickname linking to person detail,
 * 抖音号, place, field, size class, 带货, and the figures; a rank column on boards; the reasons a
 * benchmark account matches under its name.
 */
export function CreatorRows({
  rows,
  ranked = false,
  label,
}: {
  rows: readonly Row[];
  ranked?: boolean;
  label: string;
}) {
  return (
    <div className="cr-list">
      <div className={`cr-row cr-row--head${ranked ? ' cr-row--ranked' : ''}`} role="presentation">
        {ranked && <span className="cr-rank">排名</span>}
        <span className="cr-cell cr-cell--who">达人</span>
        <span className="cr-cell cr-cell--num">粉丝数</span>
        <span className="cr-cell cr-cell--num">获赞数</span>
        <span className="cr-cell cr-cell--num">30天涨粉</span>
        <span className="cr-cell cr-cell--num">作品数</span>
      </div>
      <ol className={`cr-rows${ranked ? ' cr-rows--ranked' : ''}`} aria-label={label} data-testid="creator-list">
        {rows.map((row, index) => (
          <CreatorRowView key={row.user_id} row={row} rank={ranked ? index + 1 : null} />
        ))}
      </ol>
    </div>
  );
}

import type { BoardRow } from '@dso/contract';
import { Skeleton, Tag } from 'antd';
import { type ComponentProps, useEffect } from 'react';
import { Link } from 'react-router';
import { CompetitionStars, FeedFooter, GrowthText, LoadFailed, NoData } from '../../../components';
import { useListFeed } from '../../../components/list-footer/use-list-feed';
import { formatFigure } from '../../../lib/figures';
import { keywordDetailPath } from '../../../lib/keyword-addresses';
import { useSession } from '../../../stores/session';
import { FigureTip } from '../../keyword-detail';
import { BOARD_PAGE_SIZE, type BoardParams, useBoard } from '../api/get-board';
import { BOARD_LOAD_EVENT } from '../boards';
import { RankBadge, RankChange } from './rank-badge';

/** The figures' column heads, in the order BoardRowView shows the figures. */
const figureHeads: { term: ComponentProps<typeof FigureTip>['term']; className: string }[] = [
  { term: 'searchIndex', className: 'kb-cell kb-cell--num' },
  { term: 'monthCover', className: 'kb-cell kb-cell--num' },
  { term: 'relatedWorks', className: 'kb-cell kb-cell--num' },
  { term: 'growth', className: 'kb-cell kb-cell--num' },
  { term: 'competition', className: 'kb-cell' },
];

/** On the blue-ocean board every word is one, so the row does not say it again. */
function BoardRowView({ row, showBlueOcean }: { row: BoardRow; showBlueOcean: boolean }) {
  return (
    <li className={`kb-row${row.rank <= 3 ? ' kb-row--top' : ''}`} data-testid="board-row">
      <span className="kb-cell kb-cell--rank">
        <RankBadge rank={row.rank} />
        <RankChange change={row.rank_change} />
      </span>
      <span className="kb-cell kb-cell--keyword">
        <Link
          className="kb-keyword"
          to={keywordDetailPath({ platform: row.platform, keyword: row.keyword, country: row.country })}
        >
          {row.keyword}
        </Link>
        {showBlueOcean && row.blue_ocean && (
          <Tag color="cyan" variant="filled" className="kb-tag">
            蓝海
          </Tag>
        )}
        {row.commerce_intent && (
          <Tag color="orange" variant="filled" className="kb-tag">
            带货
          </Tag>
        )}
      </span>
      <span className="kb-cell kb-cell--num">{formatFigure(row.search_index)}</span>
      <span className="kb-cell kb-cell--num">{formatFigure(row.month_cover_count)}</span>
      <span className="kb-cell kb-cell--num">{formatFigure(row.related_work_count)}</span>
      <span className="kb-cell kb-cell--num">
        <GrowthText rate={row.growth_rate} />
      </span>
      <span className="kb-cell">
        <CompetitionStars value={row.competition} />
      </span>
      <span className="kb-cell kb-cell--industry">{row.industry ?? '--'}</span>
    </li>
  );
}

/**
 * One hot board as a ranked list loaded page by page: the next page is asked for when the layout
 * fires the route's load event (the app container scrolled to its end), or at once while the rows
 * do not fill the page. The footer follows the list-footer rules of 002 §4: visitors get the ranking
 * login prompt (需要登录才能查看更多排名 / 马上登录), the grade's cap (`data_max`) its upgrade state.
 */
export function BoardList({ params, onAsOf }: { params: BoardParams; onAsOf?(asOf: string | null): void }) {
  const token = useSession((state) => state.token);
  // Logging in changes what a board gives; the grade arriving a moment after the token does not.
  const viewer = token ? 'user' : 'guest';
  const query = useBoard(params, viewer);
  const feed = useListFeed(query, { pageSize: BOARD_PAGE_SIZE, loadEvent: BOARD_LOAD_EVENT });
  const { rows, first } = feed;

  useEffect(() => {
    onAsOf?.(first?.as_of ?? null);
  }, [first?.as_of, onAsOf]);

  if (query.isPending) return <Skeleton active paragraph={{ rows: 10 }} className="kb-skeleton" />;
  if (query.isError) {
    return <LoadFailed className="kb-empty" message="榜单加载失败" onRetry={() => void query.refetch()} />;
  }
  if (rows.length === 0) return <NoData text="该榜单暂无数据" />;

  // The footer sits outside the list: the sticky head's containing block ends with row 30, so the
  // head scrolls away with the last row instead of floating, row-less, over the footer.
  return (
    <>
      <div className="kb-list" data-testid="board-list">
        <div className="kb-row kb-row--head" role="presentation">
          <span className="kb-cell kb-cell--rank">排名</span>
          <span className="kb-cell kb-cell--keyword">关键词</span>
          {figureHeads.map(({ term, className }) => (
            <span key={term} className={className}>
              <FigureTip term={term} />
            </span>
          ))}
          <span className="kb-cell kb-cell--industry">行业</span>
        </div>
        <ol className="kb-rows">
          {rows.map((row) => (
            <BoardRowView key={`${row.rank}-${row.id}`} row={row} showBlueOcean={params.board !== 'blue'} />
          ))}
        </ol>
      </div>
      <FeedFooter feed={feed} loginVariant="rank" className="kb-footer" />
    </>
  );
}

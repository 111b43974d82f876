import { type LiveRow, videoLimits } from '@dso/contract';
import { formatTime } from '@dso/domain';
import { Skeleton } from 'antd';
import { useMemo } from 'react';
import { NoData } from '../../../components';
import { EChart, useChartTheme } from '../../../lib/charts';
import { formatFigure } from '../../../lib/figures';
import { useLiveList } from '../api/get-live-list';
import { sparklineOption } from '../charts/live-chart-option';
import { CreatorLine } from '../components/creator-line';
import { LiveCover } from '../components/live-cover';
import { LiveFailure } from '../components/live-failure';
import { LiveStatus } from '../components/live-status';
import { useNow } from '../components/use-now';
import { formatSales } from '../figures';
import '../live.css';

/**
 * /live_screen: a full-screen wall of the sessions live now (most viewers first), then the latest
 * ended ones, each with its online count, totals and last 30 minutes; it asks again every 10 s.
 */
export function LiveScreenPage() {
  const query = useLiveList();
  const now = useNow(1000);
  const wall = query.data;
  return (
    <div className="lv-screen" data-testid="live-screen">
      <header className="lv-screen__bar">
        <h1 className="screen-title">直播大屏</h1>
        {wall && (
          <span className="lv-screen__count" data-testid="live-count">
            正在直播 <b>{wall.live_count}</b> 场
          </span>
        )}
        <span className="lv-screen__clock" data-testid="live-clock">
          {formatTime(now, 'YYYY-MM-DD HH:mm:ss')}
        </span>
        <span className="lv-muted">
          每{videoLimits.liveRefreshSeconds}秒自动刷新{wall?.banded && ' · 销售数据按区间展示'}
        </span>
      </header>
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : query.isError && !wall ? (
        <LiveFailure error={query.error} onRetry={() => void query.refetch()} />
      ) : wall && wall.sessions.length > 0 ? (
        <ul className="lv-screen__grid">
          {wall.sessions.map((session) => (
            <LiveTile key={session.room_id} session={session} />
          ))}
        </ul>
      ) : (
        <NoData text="暂无直播" />
      )}
    </div>
  );
}

function LiveTile({ session }: { session: LiveRow }) {
  const { palette } = useChartTheme();
  const isLive = session.end_time === null;
  const color = isLive ? (palette.series[3] ?? '#ff6b8a') : (palette.series[0] ?? '#3b6cff');
  const option = useMemo(() => sparklineOption(session.recent_online, color), [session.recent_online, color]);
  return (
    <li className={`lv-tile${isLive ? ' lv-tile--live' : ''}`} data-testid="live-tile">
      <a
        className="lv-tile__link"
        href={`/live_studio?lid=${encodeURIComponent(session.room_id)}`}
        target="_blank"
        rel="noopener"
      >
        <div className="lv-tile__head">
          <LiveCover src={session.cover} title={session.title} className="lv-tile__cover" />
          <div className="lv-tile__who">
            <span className="lv-tile__title">{session.title || '直播间'}</span>
            <CreatorLine creator={session.creator} />
          </div>
          <LiveStatus endTime={session.end_time} />
        </div>
        <div className="lv-tile__online">
          <span className="lv-muted">{isLive ? '当前在线' : '最高在线'}</span>
          <b data-testid="live-tile-online">{formatFigure(isLive ? session.online : session.peak_online)}</b>
        </div>
        <dl className="lv-tile__figures">
          <div>
            <dt>累计观看</dt>
            <dd>{formatFigure(session.watch_count)}</dd>
          </div>
          <div>
            <dt>销售额</dt>
            <dd>{formatSales(session.sales_amount)}</dd>
          </div>
          <div>
            <dt>商品</dt>
            <dd>{session.goods_count}</dd>
          </div>
        </dl>
        {session.recent_online.length >= videoLimits.trendMinPoints ? (
          <EChart option={option} height={56} ariaLabel={`${session.title}近30分钟在线人数`} testId="live-sparkline" />
        ) : (
          <div className="lv-tile__spark-empty lv-muted">暂无在线曲线</div>
        )}
      </a>
    </li>
  );
}

export default LiveScreenPage;

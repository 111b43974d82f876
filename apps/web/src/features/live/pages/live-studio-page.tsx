import { type LiveDetail, liveDetailQuerySchema, videoLimits, videoMessages } from '@dso/contract';
import { formatTime } from '@dso/domain';
import { useSearchParams } from 'react-router';
import { DemoBanner, NoData } from '../../../components';
import { formatFigure } from '../../../lib/figures';
import { CreatorLine } from '../components/creator-line';
import { FigureTiles } from '../components/figure-tiles';
import { GoodsTable } from '../components/goods-table';
import { LiveCurveCard } from '../components/live-curve-card';
import { LiveDetailLoader } from '../components/live-detail-loader';
import { LiveStatus } from '../components/live-status';
import { formatElapsed, formatSales } from '../figures';
import '../live.css';

/**
 * /live_studio?lid={rid}: a live room's real-time view — online now, entering this minute, the
 * session's totals, the per-minute curves and the goods — asking again every 10 s while the session
 * is live. Without a usable lid: 链接错误，请检查链接是否正确 (002 §2).
 */
export function LiveStudioPage() {
  const [params] = useSearchParams();
  const parsed = liveDetailQuerySchema.safeParse({ lid: params.get('lid') ?? undefined });
  if (!parsed.success) {
    return (
      <div className="lv-studio lv-studio--error" data-testid="live-studio-error">
        <NoData text={videoMessages.liveLinkError} />
      </div>
    );
  }
  return <LiveStudioView key={parsed.data.lid} roomId={parsed.data.lid} />;
}

function LiveStudioView({ roomId }: { roomId: string }) {
  return (
    <LiveDetailLoader roomId={roomId} className="lv-studio" skeleton={{ paragraph: { rows: 10 } }}>
      {(live, now, updatedAt) => (
        <div className="lv-studio" data-testid="live-studio">
          {live.is_demo && <DemoBanner />}
          <StudioBar live={live} now={now} updatedAt={updatedAt} />
          <FigureTiles size="large" tiles={studioTiles(live)} />
          <div className="lv-studio__grid">
            <LiveCurveCard live={live} height={380} />
            <GoodsTable goods={live.goods} banded={live.banded} />
          </div>
        </div>
      )}
    </LiveDetailLoader>
  );
}

/** The real-time figures: the latest minute's online and entering, then the session's totals. */
function studioTiles(live: LiveDetail) {
  const latest = live.minutes.at(-1);
  const isLive = live.end_time === null;
  return [
    { key: 'online', label: '当前在线', value: isLive && latest ? formatFigure(latest.online) : '--' },
    { key: 'entering', label: '本分钟进场', value: isLive && latest ? formatFigure(latest.entering) : '--' },
    { key: 'watch_count', label: '累计观看', value: formatFigure(live.watch_count) },
    { key: 'peak_online', label: '最高在线', value: formatFigure(live.peak_online) },
    { key: 'sales_amount', label: '销售额', value: formatSales(live.sales_amount) },
  ];
}

function StudioBar({ live, now, updatedAt }: { live: LiveDetail; now: number; updatedAt: number }) {
  const isLive = live.end_time === null;
  return (
    <header className="surface-box lv-studio__bar">
      <div className="lv-studio__who">
        <CreatorLine creator={live.creator} />
        <h1 className="lv-room-title">{live.title || '直播间'}</h1>
        <LiveStatus endTime={live.end_time} />
      </div>
      <div className="lv-studio__clock">
        <span>
          {isLive ? '已开播' : '直播时长'}{' '}
          <b data-testid="live-elapsed">{formatElapsed(live.start_time, live.end_time, now)}</b>
        </span>
        <span className="lv-muted" data-testid="live-updated">
          {isLive
            ? `每${videoLimits.liveRefreshSeconds}秒自动刷新 · 更新于 ${formatTime(updatedAt, 'HH:mm:ss')}`
            : `直播已结束 · ${formatTime((live.end_time ?? 0) * 1000, 'YYYY-MM-DD HH:mm')}`}
        </span>
      </div>
    </header>
  );
}

export default LiveStudioPage;

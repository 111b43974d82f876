import { type LiveDetail, platformIdSchema, videoMessages } from '@dso/contract';
import { formatTime } from '@dso/domain';
import { Link, useParams } from 'react-router';
import { DemoBanner, NoData } from '../../../components';
import { formatFigure } from '../../../lib/figures';
import { CreatorLine } from '../components/creator-line';
import { FigureTiles } from '../components/figure-tiles';
import { GoodsTable } from '../components/goods-table';
import { LiveCover } from '../components/live-cover';
import { LiveCurveCard } from '../components/live-curve-card';
import { LiveDetailLoader } from '../components/live-detail-loader';
import { LiveStatus } from '../components/live-status';
import { formatElapsed, formatSales } from '../figures';
import '../live.css';

/**
 * /livegoods/detail/{id} (002 §2, opened for type live): one session by its room id — the head, its
 * figures, the per-minute online, entering and sales curves, and its goods with prices and sales. A
 * session that is live now asks again every 10 s. No usable id: 链接丢失啦，请稍后再试~.
 */
export function LiveGoodsPage() {
  const { id } = useParams<{ id: string }>();
  const parsed = platformIdSchema.safeParse(id ?? '');
  if (!parsed.success) {
    return (
      <div className="page-column lv-page">
        <NoData text={videoMessages.linkMissing} />
      </div>
    );
  }
  return <LiveGoodsView key={parsed.data} roomId={parsed.data} />;
}

function LiveGoodsView({ roomId }: { roomId: string }) {
  return (
    <LiveDetailLoader
      roomId={roomId}
      className="page-column lv-page"
      skeleton={{ avatar: true, paragraph: { rows: 8 } }}
    >
      {(live, now) => (
        <div className="page-column lv-page" data-testid="live-goods-page">
          {live.is_demo && <DemoBanner />}
          <LiveHead live={live} now={now} />
          <FigureTiles
            tiles={[
              { key: 'watch_count', label: '累计观看', value: formatFigure(live.watch_count) },
              { key: 'peak_online', label: '最高在线', value: formatFigure(live.peak_online) },
              { key: 'sales_amount', label: '销售额', value: formatSales(live.sales_amount) },
              { key: 'goods_count', label: '带货商品', value: live.goods.length },
            ]}
          />
          <LiveCurveCard live={live} />
          <GoodsTable goods={live.goods} banded={live.banded} />
        </div>
      )}
    </LiveDetailLoader>
  );
}

function LiveHead({ live, now }: { live: LiveDetail; now: number }) {
  return (
    <section className="section-card lv-head" data-testid="live-head">
      <LiveCover src={live.cover} title={live.title} className="lv-head__cover" />
      <div className="lv-head__main">
        <div className="lv-head__title-row">
          <h1 className="lv-room-title">{live.title || '直播间'}</h1>
          <LiveStatus endTime={live.end_time} />
        </div>
        <CreatorLine creator={live.creator} />
        <div className="lv-muted">
          开播时间 {formatTime(live.start_time * 1000, 'YYYY-MM-DD HH:mm')}
          {live.end_time !== null && ` · 结束时间 ${formatTime(live.end_time * 1000, 'YYYY-MM-DD HH:mm')}`} · 直播时长{' '}
          <span data-testid="live-elapsed">{formatElapsed(live.start_time, live.end_time, now)}</span>
        </div>
        <Link
          className="lv-head__link"
          to={`/live_studio?lid=${encodeURIComponent(live.room_id)}`}
          target="_blank"
          rel="noopener"
        >
          {live.end_time === null ? '进入直播间实时数据' : '查看直播间数据'}
        </Link>
      </div>
    </section>
  );
}

export default LiveGoodsPage;

import { formatTime } from '@dso/domain';
import { Skeleton } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { NoData } from '../../../components';
import { EChart, useChartTheme } from '../../../lib/charts';
import { useMonitorDashboard, useMonitorList } from '../api/monitoring-api';
import { coverageOption, firstFilledDay, rankCurvesOption } from '../charts/rank-chart-options';
import { ExampleNotice, ExampleOffer, ExampleTag, useExampleMode } from '../components/example-mode';
import { MoverList } from '../components/mover-list';
import { StatTile } from '../components/stat-tile';
import { latestText, workName } from '../monitor-display';
import '../monitoring.css';

/** How often the wall asks again: checks land once a day, new items within moments. */
export const SCREEN_REFRESH_MS = 60_000;
const SCREEN_DAYS = 14;
const SCREEN_ITEMS = 100;

function useClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * /keyWordScreen, 关键词数据大屏 (000 §2.1, §2.3): a full-screen board for a wall display — the coverage figures,
 * the rank curves and coverage of the last 14 days, the moves, and every monitored item's latest result —
 * asking again every minute by itself.
 */
export default function KeywordScreenPage() {
  const example = useExampleMode();
  const board = useMonitorDashboard(SCREEN_DAYS, { refetchInterval: SCREEN_REFRESH_MS, example });
  const list = useMonitorList(1, SCREEN_ITEMS, { refetchInterval: SCREEN_REFRESH_MS, example });
  const now = useClock();
  const { palette } = useChartTheme();
  const data = board.data;
  const charts = useMemo(() => {
    if (!data) return null;
    const start = firstFilledDay(
      data.curves.map((curve) => curve.ranks),
      data.days.length,
    );
    return {
      curves:
        data.curves.length > 0
          ? rankCurvesOption(
              data.days,
              data.curves.map((curve) => ({ name: workName(curve).slice(0, 12), ranks: curve.ranks })),
              palette.series,
            )
          : null,
      coverage: coverageOption(data.coverage, palette.series, start),
    };
  }, [data, palette]);

  return (
    <div className="mon-screen" data-testid="keyword-screen">
      {example && <ExampleNotice current="/keyWordScreen" />}
      <header className="mon-screen__bar">
        <h1 className="screen-title">关键词排名监控大屏</h1>
        {example && <ExampleTag />}
        {!example && data && data.summary.keywords + data.summary.works === 0 && (
          <span className="mon-offer" data-testid="screen-empty">
            <span className="mon-muted">还没有监控的关键词或作品</span>
            <ExampleOffer path="/keyWordScreen" />
          </span>
        )}
        <span className="mon-muted">每分钟自动刷新</span>
        <span className="mon-screen__clock" data-testid="screen-clock">
          {formatTime(now, 'YYYY-MM-DD HH:mm:ss')}
        </span>
      </header>
      {!data || !charts ? (
        board.isPending ? (
          <Skeleton active paragraph={{ rows: 12 }} />
        ) : (
          <NoData text={board.error?.message || '暂无数据'} />
        )
      ) : (
        <>
          <div className="figure-strip mon-stats" data-testid="screen-summary">
            {[
              ['监控关键词', data.summary.keywords],
              ['监控作品', data.summary.works],
              ['核心词数（前100）', data.summary.core],
              ['排名数（前10）', data.summary.ranking],
              ['最近检测失败', data.summary.failed],
            ].map(([label, value]) => (
              <StatTile key={label} label={label} value={value} />
            ))}
          </div>
          <div className="mon-grid">
            <section className="surface-box mon-card">
              <h2 className="surface-box__title mon-card__title">作品排名曲线</h2>
              {charts.curves ? (
                <EChart option={charts.curves} height={300} ariaLabel="监控作品排名曲线" testId="screen-rank-chart" />
              ) : (
                <NoData text="监控作品上榜后显示排名曲线" />
              )}
            </section>
            <section className="surface-box mon-card">
              <h2 className="surface-box__title mon-card__title">关键词覆盖</h2>
              <EChart
                option={charts.coverage}
                height={300}
                ariaLabel="核心词数与排名数"
                testId="screen-coverage-chart"
              />
            </section>
          </div>
          <div className="mon-grid mon-grid--three">
            <MoverList title="排名上升" movers={data.rises} testId="screen-rises" emptyText="暂无变化" />
            <MoverList title="排名下降" movers={data.falls} testId="screen-falls" emptyText="暂无变化" />
            <section className="surface-box mon-card mon-movers" data-testid="screen-items">
              <h2 className="surface-box__title mon-card__title">监控项</h2>
              <ol className="mon-movers__list">
                {(list.data?.result ?? []).map((item) => (
                  <li key={item.id} className="mon-movers__item">
                    <div className="mon-movers__main">
                      <span className="mon-movers__work">{item.keyword}</span>
                      <span className="mon-muted">{item.aweme_id === null ? '关键词排名' : workName(item)}</span>
                    </div>
                    <span className={`mon-latest is-${item.latest?.status ?? 'pending'}`}>{latestText(item)}</span>
                  </li>
                ))}
              </ol>
            </section>
          </div>
        </>
      )}
    </div>
  );
}

import { Segmented, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { GlossaryTip, NoData } from '../../../components';
import { EChart, useChartTheme } from '../../../lib/charts';
import { useMonitorDashboard } from '../api/monitoring-api';
import { coverageOption, firstFilledDay, rankCurvesOption } from '../charts/rank-chart-options';
import { AlertPanel } from '../components/alert-panel';
import { ExampleNotice, ExampleOffer, ExampleTag, useExampleMode } from '../components/example-mode';
import { MoverList } from '../components/mover-list';
import { SETTING_MONITOR_PATH } from '../components/nothing-monitored';
import { StatTile } from '../components/stat-tile';
import { workName } from '../monitor-display';
import '../monitoring.css';

/** What the work charts say before any work is monitored: where works are added. */
const NO_WORKS_TEXT = '在关键词详情中点击「监控此作品」后，这里显示作品的排名与覆盖';

const dayOptions = [
  { label: '近7天', value: 7 },
  { label: '近30天', value: 30 },
  { label: '近90天', value: 90 },
  { label: '近一年', value: 365 },
];

/**
 * /dataMarketNew, 作品排名监控 (000 §2.1, §2.3): the monitored works' coverage by the glossary (核心词数: keywords
 * where a work ranks in the top 100; 排名数: in the top 10), now and per day, the rank curves of the best placed
 * works, and the biggest rises and falls between each work's last two checks. With `type=example` the same board
 * of the server's sample monitoring, labelled; an account with nothing monitored is offered it.
 */
export default function DataMarketNewPage() {
  const example = useExampleMode();
  const [days, setDays] = useState(30);
  const board = useMonitorDashboard(days, { example });
  const { palette } = useChartTheme();
  const data = board.data;
  const curves = useMemo(
    () =>
      data && data.curves.length > 0
        ? rankCurvesOption(
            data.days,
            data.curves.map((curve) => ({
              name: `${curve.keyword}·${workName(curve).slice(0, 10)}`,
              ranks: curve.ranks,
            })),
            palette.series,
          )
        : null,
    [data, palette],
  );
  const coverage = useMemo(() => {
    if (!data) return null;
    const start = firstFilledDay(
      data.curves.length > 0
        ? data.curves.map((curve) => curve.ranks)
        : [data.coverage.map((point) => (point.core > 0 ? point.core : null))],
      data.days.length,
    );
    return coverageOption(data.coverage, palette.series, start);
  }, [data, palette]);

  if (board.isPending) return <Skeleton active className="page-column mon-page" paragraph={{ rows: 12 }} />;
  if (!data) return <NoData className="page-column mon-page" text={board.error?.message || '暂无数据'} />;
  const empty = data.summary.keywords + data.summary.works === 0;

  return (
    <div className="page-column mon-page" data-testid="data-market-page">
      {example && <ExampleNotice current="/dataMarketNew" />}
      <header className="mon-page__head">
        <h1 className="mon-page__title">作品排名监控</h1>
        {example && <ExampleTag />}
        <span className="mon-muted">每日自动检测，数据按北京时间统计</span>
        <Link to={SETTING_MONITOR_PATH} className="mon-section__link">
          管理监控
        </Link>
        <Segmented className="mon-page__days" options={dayOptions} value={days} onChange={(v) => setDays(Number(v))} />
      </header>
      {empty ? (
        <section className="surface-box mon-card" data-testid="dashboard-empty">
          <NoData text={example ? '暂无示例数据' : '还没有监控的关键词或作品'} />
          {!example && (
            <div className="mon-offer">
              <Link to={SETTING_MONITOR_PATH}>去添加关键词监控</Link>
              <span className="mon-muted">或先看看监控一个月后的样子：</span>
              <ExampleOffer path="/dataMarketNew" />
            </div>
          )}
        </section>
      ) : (
        <>
          <div className="figure-strip mon-stats" data-testid="dashboard-summary">
            <StatTile label="监控关键词" value={data.summary.keywords} />
            <StatTile label="监控作品" value={data.summary.works} />
            <StatTile
              label={
                <>
                  核心词数 <GlossaryTip term="coreKeywordCount" />
                </>
              }
              value={data.summary.core}
              testId="stat-core"
            />
            <StatTile
              label={
                <>
                  排名数 <GlossaryTip term="rankingCount" />
                </>
              }
              value={data.summary.ranking}
              testId="stat-ranking"
            />
            <StatTile label="最近检测失败" value={data.summary.failed} isBad={Boolean(data.summary.failed)} />
          </div>
          <div className="mon-grid">
            <section className="surface-box mon-card">
              <h2 className="surface-box__title mon-card__title">作品排名曲线</h2>
              {curves ? (
                <EChart option={curves} height={320} ariaLabel="监控作品排名曲线" testId="dashboard-rank-chart" />
              ) : (
                <NoData text={data.summary.works > 0 ? '监控作品上榜后显示排名曲线' : NO_WORKS_TEXT} />
              )}
            </section>
            <section className="surface-box mon-card">
              <h2 className="surface-box__title mon-card__title">关键词覆盖</h2>
              {coverage && data.summary.works > 0 ? (
                <EChart option={coverage} height={320} ariaLabel="核心词数与排名数" testId="dashboard-coverage-chart" />
              ) : (
                <NoData text={NO_WORKS_TEXT} />
              )}
            </section>
          </div>
          <div className="mon-grid">
            <MoverList title="排名上升" movers={data.rises} testId="dashboard-rises" emptyText="暂无变化" />
            <MoverList title="排名下降" movers={data.falls} testId="dashboard-falls" emptyText="暂无变化" />
          </div>
          {!example && <AlertPanel />}
        </>
      )}
    </div>
  );
}

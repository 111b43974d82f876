import { type MonitorItem, monitorDashboardPath } from '@dso/contract';
import { useQuery } from '@tanstack/react-query';
import { Skeleton, Table, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { fetchTiktokUsers } from '../../../app/frame-api';
import { AppPagination, NoData } from '../../../components';
import { useSession } from '../../../stores/session';
import { useMonitorDashboard, useMonitorList } from '../api/monitoring-api';
import { rankColumns } from '../components/monitor-cells';
import { keywordMonitorPath } from '../components/monitoring-section';
import { MoverList } from '../components/mover-list';
import { SETTING_MONITOR_PATH } from '../components/nothing-monitored';
import '../monitoring.css';

/** Where the old dashboard's address leads while its flag is off. */
export const NEW_DASHBOARD_PATH = monitorDashboardPath;
const PAGE_SIZE = 20;
/** The old dashboard's window: the week, as it showed. */
const DAYS = 7;

/**
 * The market-old-data flag (000 §4, 002 §7): the negation of the first tiktok user's `example`. Read afresh
 * here, since the value loaded at app start predates any login or authorisation made since; the store is
 * brought up to date so the menu agrees. Null while it is not known yet.
 */
function useMarketOldData(): boolean | null {
  const stored = useSession((state) => state.marketOldData);
  const users = useQuery({ queryKey: ['frame', 'tiktokUsers'], queryFn: fetchTiktokUsers, retry: false });
  const first = users.data?.[0];
  useEffect(() => {
    if (first) useSession.getState().setMarketOldData(!first.example);
  }, [first]);
  if (first) return !first.example;
  if (users.isPending) return stored ? true : null;
  // Not 200 or no data: the flag keeps its value (000 §7 ignores such answers).
  return stored;
}

/**
 * /dataMarket, 数据看板（旧版） (000 §2.1, §6): the old works-rank dashboard, shown only while the market-old-data
 * flag is on; otherwise the address leads to /dataMarketNew (docs/monitoring.md). The older, compact layout:
 * the figures in one line, every monitored item in a table with its latest rank and move, then the week's rises
 * and falls — the same data as the new dashboard, without its charts.
 */
export default function DataMarketPage() {
  const flag = useMarketOldData();
  if (flag === null) return <Skeleton active className="page-column mon-page" paragraph={{ rows: 8 }} />;
  if (!flag) return <Navigate to={NEW_DASHBOARD_PATH} replace />;
  return <OldDashboard />;
}

function OldDashboard() {
  const [page, setPage] = useState(1);
  const board = useMonitorDashboard(DAYS);
  const list = useMonitorList(page, PAGE_SIZE);
  const summary = board.data?.summary;

  const columns: TableColumnsType<MonitorItem> = [
    {
      title: '关键词',
      dataIndex: 'keyword',
      render: (_, item) =>
        item.aweme_id === null ? <Link to={keywordMonitorPath(item.id)}>{item.keyword}</Link> : item.keyword,
    },
    ...rankColumns(),
  ];

  return (
    <div className="page-column mon-page" data-testid="data-market-old-page">
      <header className="mon-page__head">
        <h1 className="mon-page__title">数据看板（旧版）</h1>
        <span className="mon-muted">近{DAYS}天，数据按北京时间统计</span>
        <Link to={NEW_DASHBOARD_PATH} className="mon-section__link">
          切换到新版看板
        </Link>
      </header>
      {summary && (
        <p className="mon-muted" data-testid="old-dashboard-summary">
          监控关键词 {summary.keywords} 个 · 监控作品 {summary.works} 个 · 核心词数 {summary.core} · 排名数{' '}
          {summary.ranking} · 最近检测失败 {summary.failed}
        </p>
      )}
      <section className="surface-box mon-card">
        {list.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : !list.data || list.data.total_record === 0 ? (
          <>
            <NoData text={list.error?.message || '还没有监控的关键词或作品'} />
            <p className="mon-center">
              <Link to={SETTING_MONITOR_PATH}>去添加关键词监控</Link>
            </p>
          </>
        ) : (
          <>
            <div data-testid="old-dashboard-items">
              <Table<MonitorItem>
                size="small"
                rowKey="id"
                columns={columns}
                dataSource={list.data.result}
                pagination={false}
              />
            </div>
            <AppPagination
              current={page}
              pageSize={PAGE_SIZE}
              total={list.data.total_record}
              onChange={(next) => setPage(next)}
              hideOnSinglePage
            />
          </>
        )}
      </section>
      {board.data && (
        <div className="mon-grid">
          <MoverList title="排名上升" movers={board.data.rises} testId="old-dashboard-rises" emptyText="暂无变化" />
          <MoverList title="排名下降" movers={board.data.falls} testId="old-dashboard-falls" emptyText="暂无变化" />
        </div>
      )}
    </div>
  );
}

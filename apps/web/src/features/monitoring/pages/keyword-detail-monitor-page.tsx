import { ArrowLeftOutlined, CheckOutlined, EyeOutlined } from '@ant-design/icons';
import type { MonitorKeywordDetail } from '@dso/contract';
import { rankMove } from '@dso/domain';
import { Button, Segmented, Skeleton, Table, type TableColumnsType, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { NoData } from '../../../components';
import { EChart, useChartTheme } from '../../../lib/charts';
import { toast } from '../../../lib/feedback';
import { formatFigure } from '../../../lib/figures';
import { handleQuotaFailure } from '../../permissions';
import { useAddMonitor, useMonitorKeyword, useMonitorList } from '../api/monitoring-api';
import { rankCurvesOption } from '../charts/rank-chart-options';
import { EXAMPLE_READ_ONLY, ExampleNotice, ExampleTag, examplePath, useExampleMode } from '../components/example-mode';
import { NothingMonitored, SETTING_MONITOR_PATH } from '../components/nothing-monitored';
import { latestText, moveView } from '../monitor-display';
import '../monitoring.css';

type RankedWork = MonitorKeywordDetail['works'][number];

/** Works drawn in the chart: the ten best placed on the last day. */
const CHART_WORKS = 10;

const dayOptions = [
  { label: '近7天', value: 7 },
  { label: '近14天', value: 14 },
  { label: '近30天', value: 30 },
];

/** Keyword items the chooser lists at most (the first page of the list, newest first). */
const CHOOSER_ITEMS = 100;

/** Without an id (the menu's entry): the user's monitored keywords (or the example's) to choose from. */
function KeywordChooser({ example }: { example: boolean }) {
  const list = useMonitorList(1, CHOOSER_ITEMS, { example });
  const keywords = (list.data?.result ?? []).filter((item) => item.aweme_id === null);
  if (list.isPending) return <Skeleton active className="page-column mon-page" paragraph={{ rows: 6 }} />;
  return (
    <div className="page-column mon-page" data-testid="keyword-chooser">
      {example && <ExampleNotice current="/keyWordDetailMonitor" />}
      <header className="mon-page__head">
        <h1 className="mon-page__title">关键词排名监控</h1>
        {example && <ExampleTag />}
        <span className="mon-muted">选择一个监控中的关键词，查看其下作品的排名变化</span>
      </header>
      {keywords.length === 0 ? (
        <NothingMonitored
          text={example ? '暂无示例数据' : '还没有监控的关键词'}
          settingLinkText="前往关键词监控"
          example={example}
          page="/keyWordDetailMonitor"
        />
      ) : (
        <section className="surface-box mon-card">
          <ul className="card-grid mon-chooser">
            {keywords.map((item) => (
              <li key={item.id}>
                <Link
                  to={`/keyWordDetailMonitor?id=${item.id}${example ? '&type=example' : ''}`}
                  className="mon-chooser__item"
                >
                  <span className="mon-keyword">{item.keyword}</span>
                  <span className={`mon-latest is-${item.latest?.status ?? 'pending'}`}>{latestText(item)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/**
 * /keyWordDetailMonitor?id= (000 §2.1): one monitored keyword's ranked works over time — the rank curves of
 * the ten best placed, and every work ranked in the period with its latest place, its move since the day
 * before, and a button to monitor the work itself.
 */
export default function KeywordDetailMonitorPage() {
  const [params] = useSearchParams();
  const example = useExampleMode();
  const raw = Number(params.get('id'));
  const id = Number.isSafeInteger(raw) && raw > 0 ? raw : null;
  // The example opens on its whole month.
  const [days, setDays] = useState(example ? 30 : 14);
  const detail = useMonitorKeyword(id, days, example);
  const add = useAddMonitor();
  const { palette } = useChartTheme();
  const data = detail.data;

  const option = useMemo(() => {
    if (!data) return null;
    const top = data.works.filter((work) => work.ranks.some((rank) => rank !== null)).slice(0, CHART_WORKS);
    if (top.length === 0) return null;
    return rankCurvesOption(
      data.days.map((day) => day.day),
      top.map((work) => ({ name: work.title.slice(0, 12) || work.aweme_id, ranks: work.ranks })),
      palette.series,
    );
  }, [data, palette]);

  if (id === null) return <KeywordChooser example={example} />;
  if (detail.isPending) return <Skeleton active className="page-column mon-page" paragraph={{ rows: 10 }} />;
  if (!data) {
    return (
      <div className="page-column mon-page">
        <NoData text={detail.error?.message || '暂无数据'} />
        <p className="mon-center">
          <Link to={SETTING_MONITOR_PATH}>返回关键词监控</Link>
        </p>
      </div>
    );
  }

  const watch = (work: RankedWork) =>
    add.mutate(
      { keyword: data.item.keyword, platform: data.item.platform, aweme_id: work.aweme_id },
      { onSuccess: () => toast('添加成功', 'success'), onError: (error) => handleQuotaFailure(error) },
    );

  const last = data.days.length - 1;
  const columns: TableColumnsType<RankedWork> = [
    {
      title: '排名',
      key: 'rank',
      width: 80,
      render: (_, work) => {
        const rank = work.ranks[last] ?? null;
        return <span className={`mon-rank${rank !== null && rank <= 3 ? ' is-top' : ''}`}>{rank ?? '-'}</span>;
      },
    },
    {
      title: '较前一天',
      key: 'move',
      width: 100,
      render: (_, work) => {
        const latest = work.ranks[last] ?? null;
        const before = last > 0 ? work.ranks[last - 1] : undefined;
        const view = moveView(latest === null && (before ?? null) === null ? null : rankMove(before, latest));
        return <span className={`mon-move is-${view.tone}`}>{view.label}</span>;
      },
    },
    {
      title: '作品',
      key: 'title',
      render: (_, work) => (
        <Link to={`/videoDetail/${work.aweme_id}`} target="_blank" className="mon-work-title" title={work.title}>
          {work.title || work.aweme_id}
        </Link>
      ),
    },
    { title: '作者', dataIndex: 'author', width: 140, render: (author: string) => author || '-' },
    { title: '点赞', dataIndex: 'good_count', width: 100, render: (count: number) => formatFigure(count) },
    {
      title: '操作',
      key: 'watch',
      width: 130,
      render: (_, work) =>
        work.monitored ? (
          <span className="mon-muted">
            <CheckOutlined /> 已监控
          </span>
        ) : example ? (
          <Tooltip title={EXAMPLE_READ_ONLY}>
            <Button size="small" icon={<EyeOutlined />} disabled>
              监控此作品
            </Button>
          </Tooltip>
        ) : (
          <Button size="small" icon={<EyeOutlined />} onClick={() => watch(work)} loading={add.isPending}>
            监控此作品
          </Button>
        ),
    },
  ];

  return (
    <div className="page-column mon-page" data-testid="keyword-monitor-page">
      {example && <ExampleNotice current="/keyWordDetailMonitor" />}
      <header className="mon-page__head">
        <Link
          to={example ? examplePath('/keyWordDetailMonitor') : SETTING_MONITOR_PATH}
          className="mon-back"
          aria-label="返回关键词监控"
        >
          <ArrowLeftOutlined />
        </Link>
        <h1 className="mon-page__title">
          {data.item.keyword}
          <span className="mon-platform">抖音</span>
        </h1>
        {example && <ExampleTag />}
        <span className={`mon-latest is-${data.item.latest?.status ?? 'pending'}`}>{latestText(data.item)}</span>
        {data.item.latest && <span className="mon-muted">检测日期 {data.item.latest.day}</span>}
        <Segmented
          className="mon-page__days"
          options={dayOptions}
          value={days}
          onChange={(value) => setDays(Number(value))}
        />
      </header>
      <section className="surface-box mon-card">
        <h2 className="surface-box__title mon-card__title">排名走势（前{CHART_WORKS}名作品）</h2>
        {option ? (
          <EChart option={option} height={340} ariaLabel="作品排名走势" testId="keyword-rank-chart" />
        ) : (
          <NoData text="暂无排名数据，检测完成后显示" />
        )}
      </section>
      <section className="surface-box mon-card">
        <h2 className="surface-box__title mon-card__title">上榜作品</h2>
        <Table<RankedWork>
          rowKey="aweme_id"
          size="middle"
          columns={columns}
          dataSource={data.works}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          locale={{ emptyText: <NoData /> }}
          data-testid="keyword-works-table"
        />
      </section>
    </div>
  );
}

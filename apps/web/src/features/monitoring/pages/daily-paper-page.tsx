import { DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import { isCalendarDay, type MonitorDailyExportFormat, monitoringLimits } from '@dso/contract';
import { addDays, shanghaiDay } from '@dso/domain';
import { Button, Select, Skeleton, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { NoData } from '../../../components';
import { downloadDailyPaper, useMonitorDaily, useMonitorDashboard } from '../api/monitoring-api';
import { EXAMPLE_NO_EXPORT, ExampleNotice, ExampleTag, examplePath, useExampleMode } from '../components/example-mode';
import { MoverList } from '../components/mover-list';
import { NothingMonitored } from '../components/nothing-monitored';
import '../monitoring.css';

/** Days the day chooser offers, ending today (Asia/Shanghai). */
const CHOOSABLE_DAYS = 30;

function shanghaiDays(count: number, now = Date.now()): string[] {
  const today = shanghaiDay(now);
  return Array.from({ length: count }, (_, back) => addDays(today, -back));
}

/**
 * /dailyPaper, 数据日报 (000 §2.1): one day's summary of the monitored works against each one's previous
 * successful check — rises, falls, new entries and lost positions — with the day's checked and failed counts,
 * and the day as an .xlsx or a .pdf file.
 */
export default function DailyPaperPage() {
  const [params, setParams] = useSearchParams();
  const example = useExampleMode();
  // The example's days end on its data's day, which the server knows: its 30-day board (shared with the
  // dashboard's example) names them.
  const exampleBoard = useMonitorDashboard(monitoringLimits.exampleDays, { example: true, enabled: example });
  const ownDays = useMemo(() => shanghaiDays(CHOOSABLE_DAYS), []);
  const days = example ? [...(exampleBoard.data?.days ?? [])].reverse() : ownDays;
  const asked = params.get('day');
  const day = asked && isCalendarDay(asked) ? asked : (days[0] ?? null);
  const paper = useMonitorDaily(day, example);
  const [exporting, setExporting] = useState<MonitorDailyExportFormat | null>(null);
  const data = paper.data;

  const exportDay = async (format: MonitorDailyExportFormat) => {
    setExporting(format);
    try {
      await downloadDailyPaper(day, format);
    } catch {
      // The API client has told the user.
    } finally {
      setExporting(null);
    }
  };

  return (
    <div className="page-column mon-page" data-testid="daily-paper-page">
      {example && <ExampleNotice current="/dailyPaper" />}
      <header className="mon-page__head">
        <h1 className="mon-page__title">数据日报</h1>
        {example && <ExampleTag />}
        <Select
          aria-label="日报日期"
          value={day ?? data?.day}
          options={(day === null || days.includes(day) ? days : [day, ...days]).map((value) => ({
            value,
            label: value,
          }))}
          onChange={(value) => setParams(example ? { day: value, type: 'example' } : { day: value })}
          style={{ width: 140 }}
        />
        {data && (
          <span className="mon-muted" data-testid="daily-counts">
            检测 {data.checked} 项{data.failed ? `，失败 ${data.failed} 项` : ''}
            {data.previous_day ? `，对比 ${data.previous_day}` : ''}
          </span>
        )}
        <Link to={example ? examplePath('/dataMarketNew') : '/dataMarketNew'} className="mon-section__link">
          作品排名看板
        </Link>
        <Tooltip title={example ? EXAMPLE_NO_EXPORT : undefined}>
          <span className="mon-page__days">
            <Button
              icon={<DownloadOutlined />}
              loading={exporting === 'xlsx'}
              disabled={example || exporting !== null || day === null}
              onClick={() => day && exportDay('xlsx')}
            >
              导出日报
            </Button>
            <Button
              icon={<FilePdfOutlined />}
              loading={exporting === 'pdf'}
              disabled={example || exporting !== null || day === null}
              onClick={() => day && exportDay('pdf')}
              style={{ marginLeft: 8 }}
            >
              导出PDF
            </Button>
          </span>
        </Tooltip>
      </header>
      {paper.isPending ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : !data ? (
        <NoData text={paper.error?.message || '暂无数据'} />
      ) : data.checked + data.failed === 0 ? (
        <NothingMonitored
          text="当天没有检测数据"
          settingLinkText="管理关键词监控"
          example={example}
          page="/dailyPaper"
        />
      ) : (
        <>
          <div className="mon-grid">
            <MoverList title="排名上升" movers={data.rises} testId="paper-rises" emptyText="暂无" counted />
            <MoverList title="排名下降" movers={data.falls} testId="paper-falls" emptyText="暂无" counted />
          </div>
          <div className="mon-grid">
            <MoverList title="新上榜" movers={data.entries} testId="paper-entries" emptyText="暂无" counted />
            <MoverList title="掉榜" movers={data.losses} testId="paper-losses" emptyText="暂无" counted />
          </div>
        </>
      )}
    </div>
  );
}

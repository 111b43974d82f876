import type { KeywordTrend } from '@dso/contract';
import {
  DEFAULT_TREND_DAYS,
  daysBetween,
  isTrendDaySelectable,
  TREND_PRESETS,
  type TrendPreset,
  type TrendRangeRequest,
  trendPresetLabel,
} from '@dso/domain';
import { Checkbox, DatePicker, Segmented } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { NoData } from '../../../components';
import { EChart, useChartTheme } from '../../../lib/charts';
import type { KeywordRef } from '../api/get-keyword-detail';
import { useKeywordTrend } from '../api/get-keyword-trend';
import { type TrendVisibility, trendChartOption, trendSeriesColors } from '../charts/trend-chart-option';
import { FigureTip } from './figure-tip';

/** Fewer days than this make no trend to speak of (002 §8: 数据较少，暂时无法分析). */
const MIN_TREND_POINTS = 2;
const DAY_FORMAT = 'YYYY-MM-DD';
const CUSTOM = 'custom';

type PeriodChoice = TrendPreset | typeof CUSTOM;

const periodOptions = [
  ...TREND_PRESETS.map((days) => ({ value: days as PeriodChoice, label: trendPresetLabel(days) })),
  { value: CUSTOM as PeriodChoice, label: '自定义' },
];

/**
 * The overview's index chart: 搜索指数 and 综合指数 (each with its toggle and its
 * definition on hover) over 近7天 … 近365天 or a custom range picked inside the stored days. The detail
 * brings the default 近30天; other periods are fetched. A period longer than the stored days shows the
 * days there are and says so.
 */
export function TrendCard({ keywordRef, trend: initial }: { keywordRef: KeywordRef; trend: KeywordTrend | null }) {
  const { palette } = useChartTheme();
  const [period, setPeriod] = useState<PeriodChoice>(DEFAULT_TREND_DAYS);
  const [custom, setCustom] = useState<{ start: string; end: string } | null>(null);
  const [visible, setVisible] = useState<TrendVisibility>({ search: true, overall: true });

  const range: TrendRangeRequest | null =
    period === CUSTOM ? custom : period === DEFAULT_TREND_DAYS ? null : { days: period };
  const fetched = useKeywordTrend(keywordRef, range ?? { days: DEFAULT_TREND_DAYS }, range !== null && !!initial);
  // While the first answer of a period is on its way the default period stays on screen.
  const trend = range === null ? initial : (fetched.data ?? initial);
  const option = useMemo(() => (trend ? trendChartOption(trend, palette, visible) : null), [trend, palette, visible]);
  const enough = trend !== null && trend.points.length >= MIN_TREND_POINTS && option !== null;
  const colors = trendSeriesColors(palette);
  const stored = initial ? { firstDay: initial.first_day, lastDay: initial.last_day } : null;
  const shortOfPreset =
    trend && trend.days !== null && trend.points.length < trend.days ? `仅有${trend.points.length}天数据` : null;

  /** A series' toggle: its colour swatch and its name with the definition on hover. */
  const seriesToggle = (series: keyof TrendVisibility, term: 'searchIndex' | 'overallIndex') => (
    <Checkbox
      checked={visible[series]}
      onChange={(event) => setVisible((now) => ({ ...now, [series]: event.target.checked }))}
    >
      <span className="kd-trend-swatch" style={{ background: colors[series] }} />
      <FigureTip term={term} />
    </Checkbox>
  );

  const pickRange = (values: [Dayjs | null, Dayjs | null] | null) => {
    const [start, end] = values ?? [null, null];
    setCustom(start && end ? { start: start.format(DAY_FORMAT), end: end.format(DAY_FORMAT) } : null);
  };

  return (
    <section className="section-card kd-card" data-testid="trend-card">
      <header className="kd-card__header kd-card__header--wrap">
        <h2 className="section-card__title">指数趋势</h2>
        {trend && (
          <span className="kd-card__extra" data-testid="trend-period">
            {trend.start_day} 至 {trend.end_day}
            {shortOfPreset && <span className="kd-card__hint"> · {shortOfPreset}</span>}
            {trend.banded && <span className="kd-card__hint"> · 趋势按数据区间展示</span>}
          </span>
        )}
      </header>
      {initial && (
        <div className="kd-trend-controls">
          <span className="kd-trend-series" data-testid="trend-series-toggles">
            {seriesToggle('search', 'searchIndex')}
            {trend?.has_overall && seriesToggle('overall', 'overallIndex')}
          </span>
          <span className="kd-trend-period">
            <Segmented<PeriodChoice>
              size="small"
              value={period}
              options={periodOptions}
              onChange={(value) => setPeriod(value)}
              aria-label="时间范围"
            />
            {period === CUSTOM && stored && (
              <DatePicker.RangePicker
                size="small"
                aria-label="自定义时间范围"
                value={custom ? [dayjs(custom.start, DAY_FORMAT), dayjs(custom.end, DAY_FORMAT)] : null}
                onChange={pickRange}
                // Only stored days: none before the word's first day, none after its data day (no future).
                disabledDate={(day) => !isTrendDaySelectable(day.format(DAY_FORMAT), stored)}
                defaultPickerValue={[dayjs(stored.lastDay, DAY_FORMAT).subtract(1, 'month'), dayjs(stored.lastDay)]}
                allowClear
              />
            )}
          </span>
        </div>
      )}
      {period === CUSTOM && !custom ? (
        <NoData
          text={stored ? `请选择 ${stored.firstDay} 至 ${stored.lastDay} 之间的日期` : '数据较少，暂时无法分析'}
        />
      ) : fetched.isError && range !== null ? (
        <NoData text={fetched.error instanceof Error ? fetched.error.message : '趋势加载失败'} />
      ) : enough && (visible.search || visible.overall) ? (
        <EChart option={option} height={320} ariaLabel="搜索指数与综合指数每日趋势" testId="trend-chart" />
      ) : enough ? (
        <NoData text="请至少选择一项指数" />
      ) : (
        <NoData text="数据较少，暂时无法分析" />
      )}
      {trend && custom && period === CUSTOM && (
        <span className="kd-muted kd-trend-note">共 {daysBetween(trend.start_day, trend.end_day)} 天</span>
      )}
    </section>
  );
}

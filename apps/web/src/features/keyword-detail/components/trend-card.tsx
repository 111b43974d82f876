import type { KeywordTrend } from '@dso/contract';
import { useMemo } from 'react';
import { NoData } from '../../../components';
import { EChart, useChartTheme } from '../../../lib/charts';
import { trendChartOption } from '../charts/trend-chart-option';
import { FigureTip } from './figure-tip';

/** Fewer days than this make no trend to speak of (002 §8: 数据较少，暂时无法分析). */
const MIN_TREND_POINTS = 2;

/** The overview's daily search-index chart with its period and as-of date. */
export function TrendCard({ trend }: { trend: KeywordTrend | null }) {
  const { palette } = useChartTheme();
  const option = useMemo(() => (trend ? trendChartOption(trend, palette) : null), [trend, palette]);
  const enough = trend !== null && trend.points.length >= MIN_TREND_POINTS && option !== null;
  return (
    <section className="kd-card" data-testid="trend-card">
      <header className="kd-card__header">
        <h2 className="kd-card__title">
          <FigureTip term="searchIndex">搜索指数趋势</FigureTip>
        </h2>
        {trend && (
          <span className="kd-card__extra">
            {trend.start_day} 至 {trend.end_day}
            {trend.banded && <span className="kd-card__hint"> · 趋势按数据区间展示</span>}
          </span>
        )}
      </header>
      {enough ? (
        <EChart option={option} height={320} ariaLabel="搜索指数每日趋势" testId="trend-chart" />
      ) : (
        <NoData text="数据较少，暂时无法分析" />
      )}
    </section>
  );
}

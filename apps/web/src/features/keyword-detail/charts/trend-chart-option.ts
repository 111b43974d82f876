import type { KeywordTrend } from '@dso/contract';
import {
  areaFade,
  axisRowTooltip,
  type ChartOption,
  type ChartPalette,
  tooltipHtml,
  valueAxisFor,
} from '../../../lib/charts';
import { formatFigure } from '../../../lib/figures';
import { shortDay } from '../figures';

/** The two indexes the overview draws, in legend order (search and overall index apart). */
export const trendSeries = [
  { key: 'search', name: '搜索指数' },
  { key: 'overall', name: '综合指数' },
] as const;
export type TrendSeriesKey = (typeof trendSeries)[number]['key'];

/** Which series are switched on; the overall index only counts when the trend has one. */
export type TrendVisibility = Record<TrendSeriesKey, boolean>;

/** Each index's line colour, for the chart and for the card's toggles that stand in for its legend. */
export function trendSeriesColors(palette: ChartPalette): Record<TrendSeriesKey, string> {
  return { search: palette.series[0] ?? '#3b6cff', overall: palette.series[1] ?? '#ff9f43' };
}

const pointValue = (point: KeywordTrend['points'][number], key: TrendSeriesKey) =>
  key === 'search' ? point.value : point.overall;

/**
 * The overview's daily index lines: 搜索指数 and, when the trend has it, 综合指数,
 * each shown or hidden by the card's toggles; one point a day from `start_day` to `end_day`; the value
 * axis ending at the domain maximum of what is shown (002 §9) and labelled in w / 亿 like the cards;
 * a soft area under the search line and its period average as a dashed mark. The tooltip names the
 * day and each shown index; a banded trend (the viewer sees bands) says the values are approximate.
 */
export function trendChartOption(
  trend: KeywordTrend,
  palette: ChartPalette,
  visible: TrendVisibility = { search: true, overall: true },
): ChartOption {
  const shown = trendSeries.filter((series) => visible[series.key] && (series.key === 'search' || trend.has_overall));
  const colors = trendSeriesColors(palette);
  const axisValues = shown.flatMap((series) => trend.points.map((point) => pointValue(point, series.key) ?? 0));
  const approximate = trend.banded ? '约 ' : '';
  return {
    grid: { left: 56, right: 24, top: 40, bottom: 32 },
    legend: { show: false },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'line', lineStyle: { color: palette.axisLine } },
      formatter: axisRowTooltip(trend.points, (point) => [
        tooltipHtml`${point.day}`,
        ...shown.map((series) => {
          const value = pointValue(point, series.key);
          const text = value === null ? '--' : `${approximate}${formatFigure(value)}`;
          return tooltipHtml`${series.name}：<b>${text}</b>`;
        }),
      ]),
    },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: trend.points.map((point) => shortDay(point.day)),
      axisLabel: { hideOverlap: true },
    },
    yAxis: valueAxisFor(axisValues),
    series: shown.map((series) => {
      const color = colors[series.key];
      const isSearch = series.key === 'search';
      return {
        name: series.name,
        type: 'line' as const,
        data: trend.points.map((point) => pointValue(point, series.key)),
        smooth: 0.3,
        showSymbol: false,
        symbolSize: 7,
        connectNulls: false,
        lineStyle: { width: isSearch ? 2.5 : 2, color },
        itemStyle: { color },
        ...(isSearch
          ? {
              areaStyle: {
                color: areaFade(color, '55'),
              },
              markLine: {
                silent: true,
                symbol: 'none',
                lineStyle: { type: 'dashed' as const, color: palette.textMuted },
                label: {
                  position: 'insideEndTop' as const,
                  color: palette.textMuted,
                  formatter: (item: { value?: unknown }) => `均值 ${formatFigure(Number(item.value))}`,
                },
                data: [{ type: 'average' as const, name: '均值' }],
              },
            }
          : {}),
      };
    }),
  };
}

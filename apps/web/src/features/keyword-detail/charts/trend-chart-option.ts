import type { KeywordTrend } from '@dso/contract';
import { type ChartOption, type ChartPalette, tooltipHtml, valueAxisFor } from '../../../lib/charts';
import { formatFigure } from '../../../lib/figures';
import { shortDay } from '../figures';

interface AxisTooltipItem {
  axisValueLabel?: string;
  dataIndex: number;
}

/**
 * The overview's daily search-index line (issue 4): one point a day from `start_day` to `end_day`,
 * the value axis ending at the domain maximum (002 §9), a soft area under the line and the period's
 * average as a dashed mark. A banded trend (the viewer sees bands) says so in the tooltip.
 */
export function trendChartOption(trend: KeywordTrend, palette: ChartPalette): ChartOption {
  const values = trend.points.map((point) => point.value);
  const brand = palette.series[0] ?? '#3b6cff';
  return {
    grid: { left: 56, right: 24, top: 40, bottom: 32 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'line', lineStyle: { color: palette.axisLine } },
      formatter: (params: unknown) => {
        const items = (Array.isArray(params) ? params : [params]) as AxisTooltipItem[];
        const first = items[0];
        if (!first) return '';
        const point = trend.points[first.dataIndex];
        if (!point) return '';
        const value = `${trend.banded ? '约 ' : ''}${formatFigure(point.value)}`;
        return tooltipHtml`${point.day}<br/>搜索指数：<b>${value}</b>`;
      },
    },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: trend.points.map((point) => shortDay(point.day)),
      axisLabel: { hideOverlap: true },
    },
    yAxis: valueAxisFor(values),
    series: [
      {
        name: '搜索指数',
        type: 'line',
        data: values,
        smooth: 0.3,
        showSymbol: false,
        symbolSize: 7,
        lineStyle: { width: 2.5, color: brand },
        itemStyle: { color: brand },
        areaStyle: {
          color: {
            type: 'linear',
            x: 0,
            y: 0,
            x2: 0,
            y2: 1,
            colorStops: [
              { offset: 0, color: `${brand}55` },
              { offset: 1, color: `${brand}00` },
            ],
          },
        },
        markLine: {
          silent: true,
          symbol: 'none',
          lineStyle: { type: 'dashed', color: palette.textMuted },
          label: {
            position: 'insideEndTop',
            color: palette.textMuted,
            formatter: (item: { value?: unknown }) => `均值 ${formatFigure(Number(item.value))}`,
          },
          data: [{ type: 'average', name: '均值' }],
        },
      },
    ],
  };
}

import type { LiveDetail, LiveRow } from '@dso/contract';
import {
  areaFade,
  axisRowTooltip,
  BAR_MAX_WIDTH,
  type ChartOption,
  type ChartPalette,
  tooltipHtml,
  valueAxisFor,
} from '../../../lib/charts';
import { formatFigure } from '../../../lib/figures';
import { formatSales, minuteClock } from '../figures';

/**
 * A session minute by minute on two axes: viewers online and entering as lines on the left (people),
 * sales per minute as bars on the right (yuan). The x axis reads clock times from the start. Banded
 * sales (the viewer sees bands) read 约 in the tooltip.
 */
export function liveCurveOption(live: Pick<LiveDetail, 'minutes' | 'start_time' | 'banded'>, palette: ChartPalette) {
  const { minutes } = live;
  const online = minutes.map((row) => row.online);
  const entering = minutes.map((row) => row.entering);
  const salesYuan = minutes.map((row) => row.sales / 100);
  const [onlineColor = '#3b6cff', enteringColor = '#2ec7c9', salesColor = '#f5a524'] = palette.series;
  const option: ChartOption = {
    color: [onlineColor, enteringColor, salesColor],
    legend: { top: 0, data: ['在线人数', '进场人数', '销售额'] },
    grid: { left: 56, right: 64, top: 40, bottom: 32 },
    tooltip: {
      trigger: 'axis',
      formatter: axisRowTooltip(minutes, (row) => {
        const sales = `${live.banded ? '约' : ''}${formatSales(row.sales)}`;
        return [
          tooltipHtml`${minuteClock(live.start_time, row.minute)}（第${row.minute + 1}分钟）`,
          tooltipHtml`在线人数：<b>${formatFigure(row.online)}</b>`,
          tooltipHtml`进场人数：<b>${formatFigure(row.entering)}</b>`,
          tooltipHtml`销售额：<b>${sales}</b>`,
        ];
      }),
    },
    xAxis: {
      type: 'category',
      boundaryGap: true,
      data: minutes.map((row) => minuteClock(live.start_time, row.minute)),
      axisLabel: { hideOverlap: true },
    },
    yAxis: [valueAxisFor([...online, ...entering], { name: '人数' }), valueAxisFor(salesYuan, { name: '销售额(元)' })],
    series: [
      // The lines are drawn over the bars, and the bars half see-through, so neither hides the other.
      { name: '在线人数', type: 'line', yAxisIndex: 0, data: online, smooth: 0.3, showSymbol: false, z: 3 },
      { name: '进场人数', type: 'line', yAxisIndex: 0, data: entering, smooth: 0.3, showSymbol: false, z: 3 },
      {
        name: '销售额',
        type: 'bar',
        yAxisIndex: 1,
        data: salesYuan,
        barMaxWidth: BAR_MAX_WIDTH,
        itemStyle: { opacity: 0.55, borderRadius: [2, 2, 0, 0] },
      },
    ],
  };
  return option;
}

/** A wall tile's small online curve: a bare line with a soft area, no axes. */
export function sparklineOption(recent: LiveRow['recent_online'], color: string): ChartOption {
  return {
    grid: { left: 0, right: 0, top: 4, bottom: 0 },
    xAxis: { type: 'category', show: false, boundaryGap: false, data: recent.map((point) => point.minute) },
    yAxis: { type: 'value', show: false, min: 0 },
    tooltip: { show: false },
    series: [
      {
        type: 'line',
        data: recent.map((point) => point.online),
        smooth: 0.3,
        showSymbol: false,
        silent: true,
        lineStyle: { width: 2, color },
        areaStyle: { color: areaFade(color, '66') },
      },
    ],
  };
}

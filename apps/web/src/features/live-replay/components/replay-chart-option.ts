import type { LiveReplay, LiveReplayReport } from '@dso/contract';
import type { ChartOption, ChartPalette } from '../../../lib/charts';
import { axisRowTooltip, tooltipHtml, valueAxisFor } from '../../../lib/charts';
import { formatFigure } from '../../../lib/figures';

/**
 * The session's online count minute by minute, with each peak of the report marked as a vertical line
 * labelled with its rise, so the report's peaks can be found on the curve.
 */
export function replayCurveOption(
  curve: LiveReplay['curve'],
  peaks: LiveReplayReport['peaks'],
  palette: ChartPalette,
): ChartOption {
  const [lineColor = '#3b6cff', , peakColor = '#f5a524'] = palette.series;
  const online = curve.map((point) => point.online);
  const index = new Map(curve.map((point, position) => [point.minute, position]));
  return {
    color: [lineColor],
    grid: { left: 56, right: 24, top: 36, bottom: 32 },
    tooltip: {
      trigger: 'axis',
      formatter: axisRowTooltip(curve, (point) => {
        const peak = peaks.find((item) => item.minute === point.minute);
        return [
          tooltipHtml`第${point.minute}分钟`,
          tooltipHtml`在线人数：<b>${formatFigure(point.online)}</b>`,
          ...(peak ? [tooltipHtml`峰值：+${formatFigure(peak.rise)}`] : []),
        ];
      }),
    },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: curve.map((point) => `${point.minute}分`),
      axisLabel: { hideOverlap: true },
    },
    yAxis: valueAxisFor(online, { name: '在线人数' }),
    series: [
      {
        name: '在线人数',
        type: 'line',
        data: online,
        smooth: 0.3,
        showSymbol: false,
        areaStyle: { opacity: 0.12 },
        markLine: {
          symbol: 'none',
          silent: true,
          lineStyle: { color: peakColor, type: 'dashed', width: 1.5 },
          label: { color: peakColor, formatter: '{b}' },
          data: peaks
            .filter((peak) => index.has(peak.minute))
            .map((peak) => ({ xAxis: index.get(peak.minute)!, name: `峰值 +${formatFigure(peak.rise)}` })),
        },
      },
    ],
  };
}

import type { ChartOption } from '../../../lib/charts';

/** A line per series of ranks over days, rank 1 at the top; a day without a rank leaves a gap. */
export function rankCurvesOption(
  days: readonly string[],
  series: ReadonlyArray<{ name: string; ranks: ReadonlyArray<number | null> }>,
  colors: readonly string[],
): ChartOption {
  const worst = Math.max(10, ...series.flatMap((line) => line.ranks.filter((rank): rank is number => rank !== null)));
  return {
    color: [...colors],
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value) => (value === null || value === undefined ? '未上榜' : `第${value}名`),
    },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 48, right: 24, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: days.map((day) => day.slice(5)) },
    yAxis: {
      type: 'value',
      inverse: true,
      min: 1,
      max: Math.min(100, Math.ceil(worst / 10) * 10),
      minInterval: 1,
      axisLabel: { formatter: (value: number) => `${value}` },
      name: '排名',
    },
    series: series.map((line) => ({
      type: 'line',
      name: line.name,
      data: line.ranks.map((rank) => rank),
      connectNulls: false,
      symbolSize: 6,
    })),
  };
}

/** 核心词数 and 排名数 per day (000 §9 glossary). */
export function coverageOption(
  coverage: ReadonlyArray<{ day: string; core: number; ranking: number }>,
  colors: readonly string[],
): ChartOption {
  return {
    color: [...colors],
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 40, right: 24, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: coverage.map((point) => point.day.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { type: 'line', name: '核心词数（前100）', smooth: true, data: coverage.map((point) => point.core) },
      { type: 'line', name: '排名数（前10）', smooth: true, data: coverage.map((point) => point.ranking) },
    ],
  };
}

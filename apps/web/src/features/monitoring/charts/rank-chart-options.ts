import { type ChartOption, legendedCategoryFrame } from '../../../lib/charts';

/**
 * Where a chart over days starts: the first day any series has a value, so a keyword monitored since
 * yesterday is not drawn as a month of blanks; at most `keep` days from the end are cut to (a chart keeps
 * two days at least when it has any).
 */
export function firstFilledDay(series: ReadonlyArray<ReadonlyArray<number | null>>, length: number, keep = 2): number {
  let first = length;
  for (const values of series) {
    const index = values.findIndex((value) => value !== null);
    if (index >= 0 && index < first) first = index;
  }
  if (first === length) return 0;
  return Math.max(0, Math.min(first, length - keep));
}

/** A line per series of ranks over days, rank 1 at the top; a day without a rank leaves a gap. */
export function rankCurvesOption(
  days: readonly string[],
  series: ReadonlyArray<{ name: string; ranks: ReadonlyArray<number | null> }>,
  colors: readonly string[],
): ChartOption {
  const start = firstFilledDay(
    series.map((line) => line.ranks),
    days.length,
  );
  const worst = Math.max(10, ...series.flatMap((line) => line.ranks.filter((rank): rank is number => rank !== null)));
  return {
    color: [...colors],
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value) => (value === null || value === undefined ? '未上榜' : `第${value}名`),
    },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 48, right: 24, top: 56, bottom: 32 },
    xAxis: { type: 'category', data: days.slice(start).map((day) => day.slice(5)) },
    yAxis: {
      type: 'value',
      inverse: true,
      min: 1,
      max: Math.min(100, Math.ceil(worst / 10) * 10),
      minInterval: 1,
      axisLabel: { formatter: (value: number) => `${value}` },
      name: '排名',
      nameLocation: 'start',
    },
    series: series.map((line) => ({
      type: 'line',
      name: line.name,
      data: line.ranks.slice(start).map((rank) => rank),
      connectNulls: false,
      showAllSymbol: true,
      symbolSize: 6,
    })),
  };
}

/** 核心词数 and 排名数 per day (000 §9 glossary). */
export function coverageOption(
  coverage: ReadonlyArray<{ day: string; core: number; ranking: number }>,
  colors: readonly string[],
  start = 0,
): ChartOption {
  const points = coverage.slice(start);
  return {
    ...legendedCategoryFrame(
      colors,
      points.map((point) => point.day.slice(5)),
      { left: 40, right: 24, top: 40, bottom: 32 },
    ),
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { type: 'line', name: '核心词数（前100）', data: points.map((point) => point.core) },
      { type: 'line', name: '排名数（前10）', data: points.map((point) => point.ranking) },
    ],
  };
}

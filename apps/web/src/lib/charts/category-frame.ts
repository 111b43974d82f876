import type { GridComponentOption } from 'echarts/components';

/**
 * The frame of a chart of several named series over categories (days, hours) told apart by a legend on
 * top: the palette's colours in series order, a tooltip on the hovered category and the x axis of
 * `labels`, inside `grid`. The chart adds its value axes and series.
 */
export function legendedCategoryFrame(colors: readonly string[], labels: string[], grid: GridComponentOption) {
  return {
    color: [...colors],
    tooltip: { trigger: 'axis' as const },
    legend: { top: 0 },
    grid,
    xAxis: { type: 'category' as const, data: labels },
  };
}

import type { CompeteAnalyze, KeywordRow } from '@dso/contract';
import { BAR_MAX_WIDTH, type ChartOption, type ChartPalette, measureAxisFor, valueAxisFor } from '../../../lib/charts';
import { figureValue, formatFigure } from '../../../lib/figures';

/** The two groups of the comparison: this keyword and the median keyword of its industry. */
export function competeCategories(analysis: CompeteAnalyze): [string, string] {
  const industry = analysis.industry_median?.industry;
  return ['本词', industry ? `${industry}行业中位数` : '全库中位数'];
}

/**
 * Competition drivers against the industry median as a dual-axis bar chart (002 §9): search index
 * and related works on the left count axis (ending at the domain maximum), works per index point on
 * the right; both axes in 5 splits so their grid lines meet, bars at most 24 px wide. Null when the
 * medians are not computed yet.
 */
export function competeChartOption(
  keyword: KeywordRow,
  analysis: CompeteAnalyze,
  palette: ChartPalette,
): ChartOption | null {
  const median = analysis.industry_median;
  if (!median) return null;
  const searchIndex = [figureValue(keyword.search_index) ?? 0, figureValue(median.search_index) ?? 0];
  const relatedWorks = [figureValue(keyword.related_work_count) ?? 0, figureValue(median.related_work_count) ?? 0];
  const worksPerIndex = [analysis.works_per_index, median.works_per_index].map((value) => Number(value.toFixed(2)));
  const [searchColor, worksColor, ratioColor] = palette.series;
  const bar = { type: 'bar' as const, barMaxWidth: BAR_MAX_WIDTH, barGap: '30%' };
  // Counts read in the same w / 亿 units as the cards beside the chart.
  const countTooltip = { tooltip: { valueFormatter: (value: unknown) => formatFigure(Number(value)) } };
  return {
    grid: { left: 64, right: 56, top: 56, bottom: 32 },
    legend: { top: 0, itemWidth: 12, itemHeight: 12 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
    },
    xAxis: { type: 'category', data: competeCategories(analysis) },
    yAxis: [
      { ...valueAxisFor([...searchIndex, ...relatedWorks], { name: '数量' }) },
      { ...measureAxisFor(worksPerIndex, { name: '作品/指数' }), splitLine: { show: false } },
    ],
    series: [
      {
        ...bar,
        ...countTooltip,
        name: '搜索指数',
        yAxisIndex: 0,
        data: searchIndex,
        itemStyle: { color: searchColor },
      },
      {
        ...bar,
        ...countTooltip,
        name: '相关作品数',
        yAxisIndex: 0,
        data: relatedWorks,
        itemStyle: { color: worksColor },
      },
      {
        ...bar,
        // A ratio, not a count: two decimals as the tab's table shows it.
        tooltip: { valueFormatter: (value: unknown) => Number(value).toFixed(2) },
        name: '作品/指数比',
        yAxisIndex: 1,
        data: worksPerIndex,
        itemStyle: { color: ratioColor },
      },
    ],
  };
}

import type { KeywordTrend } from '@dso/contract';
import { axisMax } from '@dso/domain';
import { describe, expect, it } from 'vitest';
import { chartPalettes } from '../../../lib/charts';
import { trendChartOption } from './trend-chart-option';

const trend: KeywordTrend = {
  start_day: '2026-11-18',
  end_day: '2026-11-20',
  first_day: '2025-11-21',
  last_day: '2026-11-20',
  days: 7,
  banded: true,
  has_overall: true,
  points: [
    { day: '2026-11-18', value: 98_000, overall: 250_000 },
    { day: '2026-11-19', value: 123_000, overall: 1_800_000 },
    { day: '2026-11-20', value: 131_000, overall: null },
  ],
};

type Option = {
  yAxis: { max: number; axisLabel: { formatter(value: number): string } };
  xAxis: { data: string[] };
  tooltip: { formatter(params: unknown): string };
  series: { name: string; data: (number | null)[]; markLine?: { data: { type: string }[] } }[];
};

const build = (input: KeywordTrend, visible?: { search: boolean; overall: boolean }) =>
  trendChartOption(input, chartPalettes.dark, visible) as unknown as Option;

describe('trendChartOption', () => {
  it('draws the search index and the overall index as two lines', () => {
    const option = build(trend);
    expect(option.series.map((series) => series.name)).toEqual(['搜索指数', '综合指数']);
    expect(option.series[1]!.data).toEqual([250_000, 1_800_000, null]);
  });

  it('ends the value axis at the domain maximum of what is shown and labels it in w, like the figure cards', () => {
    const both = build(trend);
    expect(both.yAxis.max).toBe(axisMax([98_000, 123_000, 131_000, 250_000, 1_800_000, 0]));
    expect(both.yAxis.axisLabel.formatter(1_800_000)).toBe('180.0w');
    const searchOnly = build(trend, { search: true, overall: false });
    expect(searchOnly.series.map((series) => series.name)).toEqual(['搜索指数']);
    expect(searchOnly.yAxis.max).toBe(axisMax([98_000, 123_000, 131_000]));
    expect(searchOnly.yAxis.axisLabel.formatter(120_000)).toBe('12.0w');
  });

  it('leaves the overall index out when the trend has none', () => {
    const option = build({ ...trend, has_overall: false, points: trend.points.map((p) => ({ ...p, overall: null })) });
    expect(option.series.map((series) => series.name)).toEqual(['搜索指数']);
    expect(option.tooltip.formatter([{ dataIndex: 0 }])).not.toContain('综合指数');
  });

  it('labels the days by month and day', () => {
    expect(build(trend).xAxis.data).toEqual(['11-18', '11-19', '11-20']);
  });

  it('names each shown index in the tooltip and says a banded value is approximate', () => {
    expect(build(trend).tooltip.formatter([{ dataIndex: 1 }])).toBe(
      '2026-11-19<br/>搜索指数：<b>约 12.3w</b><br/>综合指数：<b>约 180.0w</b>',
    );
    const exact = build({ ...trend, banded: false });
    expect(exact.tooltip.formatter([{ dataIndex: 2 }])).toBe(
      '2026-11-20<br/>搜索指数：<b>13.1w</b><br/>综合指数：<b>--</b>',
    );
  });

  it('marks the period’s average of the search index', () => {
    expect(build(trend).series[0]!.markLine!.data).toEqual([{ type: 'average', name: '均值' }]);
  });
});

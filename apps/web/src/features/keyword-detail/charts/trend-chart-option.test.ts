import { axisMax } from '@dso/domain';
import { describe, expect, it } from 'vitest';
import { chartPalettes } from '../../../lib/charts';
import { trendChartOption } from './trend-chart-option';

const trend = {
  start_day: '2026-11-18',
  end_day: '2026-11-20',
  banded: true,
  points: [
    { day: '2026-11-18', value: 98_000 },
    { day: '2026-11-19', value: 123_000 },
    { day: '2026-11-20', value: 131_000 },
  ],
};

type Option = {
  yAxis: { max: number; axisLabel: { formatter(value: number): string } };
  xAxis: { data: string[] };
  tooltip: { formatter(params: unknown): string };
  series: { markLine: { data: { type: string }[] } }[];
};

describe('trendChartOption', () => {
  it('ends the value axis at the domain maximum and labels it in w, like the figure cards', () => {
    const option = trendChartOption(trend, chartPalettes.dark) as unknown as Option;
    expect(option.yAxis.max).toBe(axisMax([98_000, 123_000, 131_000]));
    expect(option.yAxis.axisLabel.formatter(120_000)).toBe('12.0w');
  });

  it('labels the days by month and day', () => {
    const option = trendChartOption(trend, chartPalettes.light) as unknown as Option;
    expect(option.xAxis.data).toEqual(['11-18', '11-19', '11-20']);
  });

  it('says a banded value is approximate in the tooltip', () => {
    const option = trendChartOption(trend, chartPalettes.dark) as unknown as Option;
    expect(option.tooltip.formatter([{ dataIndex: 1 }])).toBe('2026-11-19<br/>搜索指数：<b>约 12.3w</b>');
    const exact = trendChartOption({ ...trend, banded: false }, chartPalettes.dark) as unknown as Option;
    expect(exact.tooltip.formatter([{ dataIndex: 2 }])).toBe('2026-11-20<br/>搜索指数：<b>13.1w</b>');
  });

  it('marks the period’s average', () => {
    const option = trendChartOption(trend, chartPalettes.dark) as unknown as Option;
    expect(option.series[0]!.markLine.data).toEqual([{ type: 'average', name: '均值' }]);
  });
});

import { describe, expect, it } from 'vitest';
import type { ChartOption } from './echarts';
import { productValueLabel, withProductUnits } from './product-units';

type Axis = { type?: string; axisLabel?: { formatter?: unknown } };
type Built = { xAxis: Axis | Axis[]; yAxis: Axis | Axis[]; tooltip: { valueFormatter?: (value: unknown) => string } };

const build = (option: unknown) => withProductUnits(option as ChartOption) as unknown as Built;
const labelOf = (axis: Axis | Axis[] | undefined, value: number) =>
  (((Array.isArray(axis) ? axis[0] : axis)?.axisLabel?.formatter ?? String) as (value: number) => string)(value);

describe('productValueLabel', () => {
  it('reads counts as the cards do: w from 10,000, 亿 from 10^8, whole numbers below', () => {
    expect(productValueLabel(1_800_000)).toBe('180.0w');
    expect(productValueLabel(250_000_000)).toBe('2.5亿');
    expect(productValueLabel(9_500)).toBe('9500');
    expect(productValueLabel(0)).toBe('0');
  });

  it('keeps a small fraction instead of rounding it to a whole number', () => {
    expect(productValueLabel(0.25)).toBe('0.25');
    expect(productValueLabel(2.5)).toBe('2.5');
  });
});

describe('withProductUnits', () => {
  it('labels a value axis without a formatter in the product units (a chart that set none drew 1800000)', () => {
    // The video trend's shape: a category x axis and a bare value y axis.
    const option = build({ xAxis: { type: 'category', data: ['a'] }, yAxis: { type: 'value' }, series: [] });
    expect(labelOf(option.yAxis, 1_800_000)).toBe('180.0w');
    expect((option.xAxis as Axis).axisLabel).toBeUndefined();
  });

  it('treats a y axis without a type as a value axis, as ECharts does, and a value x axis too', () => {
    const option = build({ xAxis: { type: 'value' }, yAxis: {}, series: [] });
    expect(labelOf(option.xAxis, 123_456)).toBe('12.3w');
    expect(labelOf(option.yAxis, 123_456)).toBe('12.3w');
  });

  it('covers every axis of a dual-axis chart and keeps each axis’s own settings', () => {
    const option = build({
      yAxis: [
        { type: 'value', name: '粉丝数', axisLabel: { color: '#999' } },
        { type: 'value', name: '涨粉' },
      ],
      series: [],
    });
    const [left, right] = option.yAxis as Axis[];
    expect(labelOf(left, 50_000)).toBe('5.0w');
    expect((left!.axisLabel as { color?: string }).color).toBe('#999');
    expect(labelOf(right, 3_000_000)).toBe('300.0w');
  });

  it('leaves an axis that formats for itself alone (ranks, percentages)', () => {
    const rank = (value: number) => `第${value}名`;
    const option = build({ yAxis: { type: 'value', axisLabel: { formatter: rank } }, series: [] });
    expect((option.yAxis as Axis).axisLabel!.formatter).toBe(rank);
  });

  it('gives a tooltip without a formatter values in the product units', () => {
    const option = build({ tooltip: { trigger: 'axis' }, series: [] });
    expect(option.tooltip.valueFormatter!(1_800_000)).toBe('180.0w');
    expect(option.tooltip.valueFormatter!(null)).toBe('--');
    expect(option.tooltip.valueFormatter!('第3名')).toBe('第3名');
  });

  it('keeps a tooltip’s own formatter and value formatter', () => {
    const valueFormatter = (value: unknown) => `${value}%`;
    expect(build({ tooltip: { valueFormatter }, series: [] }).tooltip.valueFormatter).toBe(valueFormatter);
    const formatter = () => 'own';
    const own = build({ tooltip: { formatter }, series: [] }).tooltip as {
      formatter?: unknown;
      valueFormatter?: unknown;
    };
    expect(own.formatter).toBe(formatter);
    expect(own.valueFormatter).toBeUndefined();
  });

  it('does not change the option it was given', () => {
    const input = { yAxis: { type: 'value' }, series: [] };
    build(input);
    expect(input.yAxis).toEqual({ type: 'value' });
  });
});

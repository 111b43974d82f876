import { axisMax, dualAxisChart } from '@dso/domain';
import { productValueLabel } from './product-units';

/** Axis label of a count, in the w / 亿 units of every figure in the product (002 §9). */
export const countAxisLabel = productValueLabel;

/**
 * A value axis that ends at the domain's axis maximum for `values` (002 §9: the largest value
 * rounded up in steps of 9.5, then times 10), starts at 0 and is cut into `dualAxisChart.splitNumber`
 * equal steps. A fixed interval keeps two such axes' grid lines on the same heights.
 */
export function valueAxisFor(values: readonly number[], options: { name?: string; percent?: boolean } = {}) {
  const max = axisMax(values);
  return {
    type: 'value' as const,
    name: options.name,
    min: 0,
    max,
    interval: max / dualAxisChart.splitNumber,
    splitNumber: dualAxisChart.splitNumber,
    axisLabel: { formatter: options.percent ? (value: number) => `${value}%` : countAxisLabel },
  };
}

/** Bars never grow wider than 24 px (002 §9). */
export const BAR_MAX_WIDTH = dualAxisChart.barMaxWidth;

/** 1, 2, 2.5 or 5 times a power of ten: the step at or above `raw`. */
function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= raw - 1e-12) ?? 10;
  return step * power;
}

/**
 * A value axis for small measures (ratios, percents) where the 95-step count rule would flatten the
 * data: the same 5 equal splits, on a round step (1, 2, 2.5 or 5 × 10ⁿ), so it still lines up with a
 * count axis on the other side of a dual-axis chart.
 */
export function measureAxisFor(values: readonly number[], options: { name?: string; percent?: boolean } = {}) {
  const largest = Math.max(0, ...values.filter((value) => Number.isFinite(value)));
  const interval = largest > 0 ? niceStep(largest / dualAxisChart.splitNumber) : 1;
  const max = interval * dualAxisChart.splitNumber;
  return {
    type: 'value' as const,
    name: options.name,
    min: 0,
    max,
    interval,
    splitNumber: dualAxisChart.splitNumber,
    axisLabel: {
      formatter: (value: number) => `${Number(value.toFixed(6))}${options.percent ? '%' : ''}`,
    },
  };
}

import { formatFigure } from '../figures';
import type { ChartOption } from './echarts';

/**
 * Every chart reads its numbers in the product's units, as the cards do (002 §9: "1,800,000 on
 * an axis reads 180w"). ECharts labels a value axis and a tooltip with raw digits unless told otherwise,
 * so {@link EChart} passes every option through {@link withProductUnits}: a value axis without its own
 * label formatter gets {@link productValueLabel}, a tooltip without its own formatter gets it as its
 * value formatter. Options that format for themselves (ranks, percentages) keep theirs.
 */

/**
 * A number as an axis or tooltip shows it: whole numbers and anything from 10,000 as every figure
 * (formatFigure: '180.0w', '1.2亿', '9500'); a small fraction (a ratio axis step of 0.25) as itself,
 * at most 2 decimals, since rounding it to a whole number would print the same label twice.
 */
export function productValueLabel(value: number): string {
  if (!Number.isFinite(value)) return '--';
  if (Number.isInteger(value) || Math.abs(value) >= 10_000) return formatFigure(value);
  return String(Number(value.toFixed(2)));
}

/** A tooltip value in the product's units: numbers formatted, anything else (text, missing) as it reads. */
function productTooltipValue(value: unknown): string {
  if (typeof value === 'number') return productValueLabel(value);
  if (value === null || value === undefined || value === '-') return '--';
  if (Array.isArray(value)) return value.map(productTooltipValue).join(' / ');
  return String(value);
}

type Axis = Record<string, unknown> & { type?: string; axisLabel?: Record<string, unknown> };

/** ECharts' defaults: a y axis without a type is a value axis, an x axis a category axis. */
function withAxisUnits(axis: unknown, defaultType: 'value' | 'category'): unknown {
  if (Array.isArray(axis)) return axis.map((each) => withAxisUnits(each, defaultType));
  if (!axis || typeof axis !== 'object') return axis;
  const typed = axis as Axis;
  if ((typed.type ?? defaultType) !== 'value' || typed.axisLabel?.formatter !== undefined) return axis;
  return { ...typed, axisLabel: { ...typed.axisLabel, formatter: productValueLabel } };
}

function withTooltipUnits(tooltip: unknown): unknown {
  if (Array.isArray(tooltip)) return tooltip.map(withTooltipUnits);
  if (!tooltip || typeof tooltip !== 'object') return tooltip;
  const own = tooltip as Record<string, unknown>;
  if (own.formatter !== undefined || own.valueFormatter !== undefined) return tooltip;
  return { ...own, valueFormatter: productTooltipValue };
}

/** The option with product units wherever it does not format numbers itself (a new object; the input is kept). */
export function withProductUnits(option: ChartOption): ChartOption {
  const next: Record<string, unknown> = { ...option };
  if ('xAxis' in option) next.xAxis = withAxisUnits(option.xAxis, 'category');
  if ('yAxis' in option) next.yAxis = withAxisUnits(option.yAxis, 'value');
  if ('tooltip' in option) next.tooltip = withTooltipUnits(option.tooltip);
  return next as ChartOption;
}

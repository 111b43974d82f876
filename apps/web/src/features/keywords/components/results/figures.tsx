import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { formatTime, MISSING_VALUE, toPercent, WAN, YI } from '@dso/domain';

const grouping = new Intl.NumberFormat('zh-CN');

/**
 * A figure as it arrives (002 §9): users without show_original_data get display bands ('12.3w',
 * '1.2亿'), shown exactly as given; exact numbers are shown in full with digit grouping, since
 * seeing them is the point of that right.
 */
export function formatFigure(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return MISSING_VALUE;
  if (typeof value === 'string') return value;
  return Number.isFinite(value) ? grouping.format(value) : MISSING_VALUE;
}

/** Reads a figure back into a number for ordering a page locally: '12.3w' → 123000, '1.2亿' → 1.2e8. */
export function figureValue(value: number | string | null | undefined): number {
  if (typeof value === 'number') return value;
  if (!value) return 0;
  const match = /^([\d.]+)\s*(w|万|亿)?\+?$/i.exec(value.trim());
  if (!match) return 0;
  const base = Number(match[1]);
  const unit = match[2];
  if (unit === '亿') return base * YI;
  if (unit) return base * WAN;
  return base;
}

/** Growth of the last 7 days as a coloured percentage with 2 decimals (002 §9); up red, down green. */
export function GrowthRate({ value }: { value: number | null | undefined }) {
  if (value === null || value === undefined || !Number.isFinite(value)) return <span>{MISSING_VALUE}</span>;
  if (value === 0) return <span className="kw-growth">0.00%</span>;
  const up = value > 0;
  return (
    <span className={`kw-growth ${up ? 'is-up' : 'is-down'}`}>
      {up ? <ArrowUpOutlined /> : <ArrowDownOutlined />}
      {toPercent(Math.abs(value))}
    </span>
  );
}

/** A date of the data ('YYYY-MM-DD'), or -- when missing. */
export function formatDay(value: string | null | undefined): string {
  return formatTime(value, 'YYYY-MM-DD');
}

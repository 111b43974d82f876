import { abbreviateNumber, MISSING_VALUE, roundTo, WAN, YI } from '@dso/domain';

/** A figure as the API gives it: exact for privileged users, a display band ('12.3w') for the rest. */
export type Figure = number | string | null | undefined;

/**
 * A figure for display: exact numbers in the band style (w and 亿, one decimal, 002 §9) so both kinds
 * read alike; a band as the server wrote it; '--' when missing.
 */
export function formatFigure(figure: Figure): string {
  if (figure === null || figure === undefined || figure === '') return MISSING_VALUE;
  if (typeof figure === 'string') return figure;
  return abbreviateNumber(figure, 1, { zero: true });
}

/**
 * The number behind a figure, for charts and bars: exact numbers as they are, a band by its lower
 * edge ('12.3w' → 123,000, '1.2亿' → 120,000,000). A band shows no more than its own text, so a bar
 * drawn from it gives nothing away. Null when there is no number.
 */
export function figureValue(figure: Figure): number | null {
  if (figure === null || figure === undefined) return null;
  if (typeof figure === 'number') return Number.isFinite(figure) ? figure : null;
  const match = /^(\d+(?:\.\d+)?)\s*(w|万|亿)?\+?$/i.exec(figure.trim());
  if (!match) return null;
  const base = Number(match[1]);
  const unit = match[2]?.toLowerCase();
  if (unit === 'w' || unit === '万') return Math.round(base * WAN);
  if (unit === '亿') return Math.round(base * YI);
  return base;
}

/** A growth fraction as a signed percent with one decimal: 0.123 → '+12.3%', -0.05 → '-5.0%'. */
export function formatGrowth(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return MISSING_VALUE;
  const percent = roundTo(rate * 100, 1);
  return `${percent > 0 ? '+' : ''}${(percent + 0).toFixed(1)}%`;
}

/** Which way a change points, for colour: up, down or flat. */
export function trendDirection(value: number | null | undefined): 'up' | 'down' | 'flat' {
  if (value === null || value === undefined || !Number.isFinite(value) || Math.abs(value) < 0.0005) return 'flat';
  return value > 0 ? 'up' : 'down';
}

/** A YYYY-MM-DD date as the charts label their days: '11-20'. */
export function shortDay(day: string): string {
  const match = /^\d{4}-(\d{2})-(\d{2})/.exec(day);
  return match ? `${match[1]}-${match[2]}` : day;
}

import { abbreviateNumber, MISSING_VALUE, WAN, YI, yuanText } from '@dso/domain';

/** A figure as the API gives it: exact for privileged users, a display band ('12.3w') for the rest. */
export type Figure = number | string | null | undefined;

/**
 * The one way a count reads on every page: exact numbers in the w / 亿 units of the display bands
 * (one decimal, 002 §9), so an exact value and a band read alike; a band as the server wrote it;
 * '--' when missing. Lists, boards, cards, tables and chart labels all use it.
 */
export function formatFigure(figure: Figure): string {
  if (figure === null || figure === undefined || figure === '') return MISSING_VALUE;
  if (typeof figure === 'string') return figure;
  return abbreviateNumber(figure, 1, { zero: true });
}

/**
 * The number behind a figure, for charts, bars and local ordering: exact numbers as they are, a
 * band by its lower edge ('12.3w' → 123,000, '1.2亿' → 120,000,000). A band shows no more than its
 * own text, so a bar drawn from it gives nothing away. Null when there is no number.
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

/** An amount of fen as yuan: exact below 10,000 yuan ('¥258.5'), in w / 亿 above ('¥1.2w'). */
function yuanOf(fen: number): string {
  const yuan = fen / 100;
  return yuan < WAN ? `¥${yuanText(fen)}` : `¥${formatFigure(yuan)}`;
}

/**
 * A sales amount (live sessions, a creator's 30-day sales). The API sends fen, or for viewers without
 * exact figures the band of the fen ('123.4w'): the band is read by its lower edge and marked 约, so
 * it never claims more than the truth.
 */
export function formatSales(figure: Figure): string {
  if (typeof figure === 'number') return yuanOf(figure);
  const lower = figureValue(figure);
  if (lower === null) return formatFigure(figure);
  return `约${yuanOf(lower)}`;
}

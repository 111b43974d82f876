import { formatTime, WAN, yuanText } from '@dso/domain';
import { type Figure, figureValue, formatFigure } from '../../lib/figures';

/** An amount of fen as yuan: exact below 10,000 yuan ('¥258.5'), in w / 亿 above ('¥1.2w'). */
function yuanOf(fen: number): string {
  const yuan = fen / 100;
  return yuan < WAN ? `¥${yuanText(fen)}` : `¥${formatFigure(yuan)}`;
}

/**
 * A sales amount as the live pages show it. The API sends fen, or for viewers without exact figures
 * the band of the fen ('123.4w'): the band is read by its lower edge and marked 约, so it never claims
 * more than the truth.
 */
export function formatSales(figure: Figure): string {
  if (typeof figure === 'number') return yuanOf(figure);
  const lower = figureValue(figure);
  if (lower === null) return formatFigure(figure);
  return `约${yuanOf(lower)}`;
}

/** A price in fen: '¥129', '¥59.9'. */
export const formatPrice = (fen: number) => `¥${yuanText(fen)}`;

/** How long a session has run (or ran): 'H:MM:SS' from its start to its end, or to now while live. */
export function formatElapsed(startSeconds: number, endSeconds: number | null, nowMs: number): string {
  const total = Math.max(0, Math.floor((endSeconds === null ? nowMs / 1000 : endSeconds) - startSeconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** The clock time of a session's minute: its start plus that many minutes, as HH:mm. */
export const minuteClock = (startSeconds: number, minute: number) =>
  formatTime((startSeconds + minute * 60) * 1000, 'HH:mm');

import { formatTime, yuanText } from '@dso/domain';

// The sales amount format is shared by every page showing sales (live pages, person detail).
export { formatSales } from '../../lib/figures';

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

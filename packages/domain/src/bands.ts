import { MISSING_VALUE, roundRate, roundTo, toPercent, truncateTo, WAN, YI } from './format/numbers';

/**
 * Exact rate and price values show only to a logged-in user whose `show_original_data` is true;
 * everyone else sees the bands below (002 §6, §9).
 */
export function shouldShowOriginal(options: {
  loggedIn: boolean;
  showOriginalData: boolean | null | undefined;
}): boolean {
  return options.loggedIn && options.showOriginalData === true;
}

/** Beyond this the band shows '0' rather than a value (002 §9). */
const BAND_NUMBER_LIMIT = 1e12;

/**
 * Blurred number (002 §9): over 10,000 in w, from 10^8 in 亿, both truncated to 1 decimal so the
 * band never claims more than the truth; up to 10,000 as is; beyond 10^12 '0'. Exactly 10^8 shows as
 * 亿 since '10000.0w' is the same value in a clumsier form.
 */
export function bandNumber(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return MISSING_VALUE;
  if (n > BAND_NUMBER_LIMIT) return '0';
  if (n >= YI) return `${truncateTo(n / YI, 1).toFixed(1)}亿`;
  if (n > WAN) return `${truncateTo(n / WAN, 1).toFixed(1)}w`;
  return String(Math.floor(n));
}

/** Rate bands are 5 percentage points wide, up to 30%+ (002 §9). */
const RATE_STEP = 5;
const RATE_TOP = 30;

/**
 * Blurred rate (002 §9): a ratio in 5 % bands, lower edge included: 0.123 → '10%-15%', 0.05 →
 * '5%-10%', 0.3 and above → '30%+'. Negative ratios fall in the lowest band.
 */
export function bandRate(fraction: number | null | undefined): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return MISSING_VALUE;
  // Rounded first so 0.15 * 100 = 15.000000000000002 and 0.29 * 100 = 28.999999999999996 band right.
  const percent = Math.max(0, roundTo(fraction * 100, 6));
  if (percent >= RATE_TOP) return `${RATE_TOP}%+`;
  const lower = Math.floor(percent / RATE_STEP) * RATE_STEP;
  return `${lower}%-${lower + RATE_STEP}%`;
}

/**
 * Blurred signed rate, for changes such as the 7-day growth: the magnitude in the bands of
 * {@link bandRate}, with '-' in front when it fell (-0.062 → '-5%-10%', 0.4 → '30%+'), so the
 * direction survives while the value stays blurred. A zero change reads '0%-5%'.
 */
export function bandSignedRate(fraction: number | null | undefined): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return MISSING_VALUE;
  return fraction < 0 ? `-${bandRate(-fraction)}` : bandRate(fraction);
}

/** A rate as the API sends it: the exact fraction for privileged viewers, else its band text (002 §6). */
export type RateFigure = number | string;

/**
 * A signed rate (growth) as a viewer may receive it (002 §6, §9): the fraction at display precision
 * for a logged-in user with show_original_data, otherwise only its band, so the exact value never
 * leaves the server.
 */
export function presentSignedRate(fraction: number, showOriginal: boolean): RateFigure {
  return showOriginal ? roundRate(fraction) : bandSignedRate(fraction);
}

/** Which way a change points, for its arrow and colour. */
export type RateDirection = 'up' | 'down' | 'flat';

/**
 * How a signed rate reads (002 §9): the magnitude as text, 2 decimals for an exact value
 * ('6.20%') or the band as sent ('5%-10%'), and the direction apart from it, so every list,
 * board and card shows the same words for the same value. An exact rate that rounds to 0.00% is flat.
 */
export function describeSignedRate(rate: RateFigure | null | undefined): { text: string; direction: RateDirection } {
  if (rate === null || rate === undefined || rate === '' || rate === MISSING_VALUE) {
    return { text: MISSING_VALUE, direction: 'flat' };
  }
  if (typeof rate === 'string') {
    return rate.startsWith('-') ? { text: rate.slice(1), direction: 'down' } : { text: rate, direction: 'up' };
  }
  if (!Number.isFinite(rate)) return { text: MISSING_VALUE, direction: 'flat' };
  const rounded = roundRate(rate);
  const direction: RateDirection = rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'flat';
  return { text: toPercent(Math.abs(rounded)), direction };
}

/**
 * The number behind a rate figure, for ordering rows locally: the exact fraction, or a band by the
 * edge nearest zero ('5%-10%' → 0.05, '-5%-10%' → -0.05, '30%+' → 0.3); null when there is none.
 */
export function rateFigureValue(rate: RateFigure | null | undefined): number | null {
  if (typeof rate === 'number') return Number.isFinite(rate) ? rate : null;
  const match = /^(-?)(\d+(?:\.\d+)?)%/.exec(rate ?? '');
  if (!match) return null;
  const magnitude = Number(match[2]) / 100;
  return match[1] ? -magnitude : magnitude;
}

/**
 * Price-per-visitor band edges in yuan (002 §9 names only the top, 100000+). Chosen to be fine
 * where most shops sit and coarse above: 0-10, 10-50, 50-100, 100-200, 200-500, 500-1000,
 * 1000-5000, 5000-10000, 10000-50000, 50000-100000, then 100000+.
 */
export const PRICE_PER_VISITOR_EDGES = [0, 10, 50, 100, 200, 500, 1000, 5000, 10_000, 50_000, 100_000] as const;

/** Blurred price per visitor, in yuan: lower edge included (100 → '100-200'). */
export function bandPricePerVisitor(yuan: number | null | undefined): string {
  if (yuan === null || yuan === undefined || !Number.isFinite(yuan) || yuan < 0) return MISSING_VALUE;
  const top = PRICE_PER_VISITOR_EDGES[PRICE_PER_VISITOR_EDGES.length - 1] ?? 0;
  if (yuan >= top) return `${top}+`;
  const upperIndex = PRICE_PER_VISITOR_EDGES.findIndex((edge) => yuan < edge);
  return `${PRICE_PER_VISITOR_EDGES[upperIndex - 1]}-${PRICE_PER_VISITOR_EDGES[upperIndex]}`;
}

/** Size classes shared by creators and sellers, smallest first (002 §9). */
export type SizeClassCode = 'tail' | 'small' | 'mid' | 'shoulder' | 'head';

/** A size class with its Chinese label. */
export interface SizeClass {
  code: SizeClassCode;
  label: string;
}

const sizeClassLabels: Record<SizeClassCode, string> = {
  tail: '尾部',
  small: '小',
  mid: '腰部',
  shoulder: '肩部',
  head: '头部',
};

const sizeClass = (code: SizeClassCode): SizeClass => ({ code, label: sizeClassLabels[code] });

/**
 * Creator size by followers (002 §9). The spec says "under 10k" for tail but "to" for the others,
 * so the upper edges from 100k on are inclusive: <10,000 tail; 10,000-100,000 small;
 * to 1,000,000 mid; to 5,000,000 shoulder; above head.
 */
export function creatorSizeClass(followers: number): SizeClass {
  if (followers < 10_000) return sizeClass('tail');
  if (followers <= 100_000) return sizeClass('small');
  if (followers <= 1_000_000) return sizeClass('mid');
  if (followers <= 5_000_000) return sizeClass('shoulder');
  return sizeClass('head');
}

/**
 * Sales class by amount (002 §9): the amount in cents divided by 100, every edge exclusive as the
 * spec says "under": <30,000 tail; <100,000 small; <1M mid; <10M shoulder; else head.
 */
export function salesClass(amountInCents: number): SizeClass {
  const amount = amountInCents / 100;
  if (amount < 30_000) return sizeClass('tail');
  if (amount < 100_000) return sizeClass('small');
  if (amount < 1_000_000) return sizeClass('mid');
  if (amount < 10_000_000) return sizeClass('shoulder');
  return sizeClass('head');
}

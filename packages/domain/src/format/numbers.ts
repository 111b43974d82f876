/** The mark for a missing value (002 §8). */
export const MISSING_VALUE = '--';

/** 万: ten thousand. */
export const WAN = 10_000;
/** 亿: one hundred million. */
export const YI = 100_000_000;

type Rounding = 'round' | 'floor';

/** Moves the decimal point through the text form, so no binary multiplication error creeps in. */
function shiftDecimal(value: number, places: number): number {
  const [mantissa, exponent = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

function adjustDecimals(value: number, digits: number, rounding: Rounding): number {
  const sign = value < 0 ? -1 : 1;
  const shifted = shiftDecimal(Math.abs(value), digits);
  // Work on the magnitude so negative values round and truncate symmetrically.
  const whole = rounding === 'round' ? Math.round(shifted) : Math.floor(shifted);
  return sign * shiftDecimal(whole, -digits);
}

/**
 * Rounds half away from zero in decimal terms: `roundTo(1.005, 2)` is 1.01, where
 * `Math.round(1.005 * 100) / 100` gives 1 because 1.005 is stored as 1.00499….
 */
export function roundTo(value: number, digits = 0): number {
  return adjustDecimals(value, digits, 'round');
}

/** Cuts to `digits` decimals toward zero (the "floor" of the truncating formatters, 002 §9). */
export function truncateTo(value: number, digits = 0): number {
  return adjustDecimals(value, digits, 'floor');
}

function fixed(value: number, digits: number): string {
  // `+ 0` turns -0 into 0 so a tiny negative never shows as "-0.0".
  return (value + 0).toFixed(digits);
}

interface UnitStyle {
  wanSuffix: string;
  decimals: number;
  rounding: Rounding;
}

function inYi(n: number, style: UnitStyle): string {
  return `${fixed(adjustDecimals(n / YI, style.decimals, style.rounding), style.decimals)}亿`;
}

/** 万 form, promoted to 亿 when rounding reaches 10,000 万 (99,999,500 is 1.0亿, not 10000.0万). */
function inWan(n: number, style: UnitStyle): string {
  const wan = adjustDecimals(n / WAN, style.decimals, style.rounding);
  if (Math.abs(wan) >= WAN) return inYi(n, style);
  return `${fixed(wan, style.decimals)}${style.wanSuffix}`;
}

/** 亿 at 10^8 and above, 万-style at 10^4 and above, else the whole number. */
function inUnits(n: number, style: UnitStyle): string {
  if (Math.abs(n) >= YI) return inYi(n, style);
  const whole = adjustDecimals(n, 0, style.rounding);
  // Checked after rounding: 9,999.6 rounds to 10,000 and belongs in the 万 form.
  if (Math.abs(whole) >= WAN) return inWan(n, style);
  return String(whole + 0);
}

/**
 * A count as a floor with '+' (002 §9): up to 100 exact; 101–9,999 floored to its leading digit
 * (123 → '100+', 5,678 → '5000+'); from 10,000 floored to whole 万 ('1w+', '12w+'); from 10^8
 * floored to whole 亿 ('1亿+'). The unit switches at 10,000 itself so no five-digit number is shown
 * as digits; '+' reads as "at least".
 */
export function formatCountPlus(n: number): string {
  if (!Number.isFinite(n)) return MISSING_VALUE;
  const count = Math.floor(n);
  if (count <= 100) return String(count);
  if (count >= YI) return `${Math.floor(count / YI)}亿+`;
  if (count >= WAN) return `${Math.floor(count / WAN)}w+`;
  const magnitude = 10 ** (String(count).length - 1);
  return `${Math.floor(count / magnitude) * magnitude}+`;
}

/** A value that may arrive from the wire as a number, a numeric string, '-' or nothing. */
export type LooseNumber = number | string | null | undefined;

/** Parses a loose value; empty, '-' and non-numeric text give null. */
export function parseLooseNumber(value: LooseNumber): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.trim();
  if (text === '' || text === '-') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** Options of {@link abbreviateNumber}. */
export interface AbbreviateOptions {
  /** Show '0' instead of '--' for empty and zero values. */
  zero?: boolean;
}

function abbreviate(value: LooseNumber, decimals: number, options: AbbreviateOptions, rounding: Rounding) {
  const n = parseLooseNumber(value);
  if (n === null || n === 0) return options.zero ? '0' : MISSING_VALUE;
  return inUnits(n, { wanSuffix: 'w', decimals, rounding });
}

/**
 * The abbreviation helper (002 §9): from 10,000 'w' with `decimals` places, from 10^8 '亿',
 * otherwise a rounded integer. Empty, undefined, null, 0 and '-' give '--' (or '0' with `zero`).
 */
export function abbreviateNumber(value: LooseNumber, decimals = 1, options: AbbreviateOptions = {}): string {
  return abbreviate(value, decimals, options, 'round');
}

/** The truncating variant of {@link abbreviateNumber} (002 §9): cuts digits instead of rounding. */
export function abbreviateNumberFloor(value: LooseNumber, decimals = 1, options: AbbreviateOptions = {}): string {
  return abbreviate(value, decimals, options, 'floor');
}

/**
 * Remaining-count display capped at `cap`+ (002 §9, default 9999). A negative remainder (more used
 * than allowed) shows as 0, and a missing value too, because nothing is left to use.
 */
export function formatRemainingCount(n: number | null | undefined, cap = 9999): string {
  if (n === null || n === undefined || !Number.isFinite(n) || n <= 0) return '0';
  const whole = Math.floor(n);
  return whole > cap ? `${cap}+` : String(whole);
}

/** Percentages are shown with 2 decimals everywhere (002 §9). */
export const PERCENT_DIGITS = 2;

/** A ratio as a percentage number rounded to `digits` decimals: 0.625 → 62.5. */
export function fractionToPercent(fraction: number, digits = PERCENT_DIGITS): number {
  // Round the ratio first (two more places), then shift: exact where fraction * 100 is not.
  return shiftDecimal(roundTo(fraction, digits + 2), 2);
}

/**
 * A ratio kept to the precision it is shown with (2 percent decimals): 0.062049 → 0.062, so an exact
 * rate on the wire carries no more than the '6.20%' a privileged user reads.
 */
export function roundRate(fraction: number): number {
  return roundTo(fraction, PERCENT_DIGITS + 2);
}

/**
 * The one percentage formatter (002 §9: percentages have 2 decimals): 0.1234 → '12.34%'. Lists,
 * boards, cards, charts and exports all use it, so one value always reads the same.
 */
export function toPercent(fraction: number | null | undefined, digits = PERCENT_DIGITS): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return MISSING_VALUE;
  return `${fixed(fractionToPercent(fraction, digits), digits)}%`;
}

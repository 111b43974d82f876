import { fractionToPercent } from './format/numbers';

/** The gender widget draws 5 icons, one per full 20 % (000 §9). */
const PERCENT_PER_ICON = 20;

/** A gender share as the widget shows it. */
export interface GenderShare {
  /** Percent with 2 decimals, without the sign: '62.50'. */
  percent: string;
  /** Full icons, one per full 20 %. */
  full: number;
  /** A half icon for any rest under 20 %. */
  half: boolean;
}

/**
 * Gender share (000 §9): the ratio as a percent with 2 decimals; one full icon per full 20 % and a
 * half icon for the rest. 0.625 → { percent: '62.50', full: 3, half: true }. Ratios outside 0-1 are
 * clamped; a missing one is 0.
 */
export function genderShare(value: number | null | undefined): GenderShare {
  const ratio = value === null || value === undefined || !Number.isFinite(value) ? 0 : Math.min(1, Math.max(0, value));
  const percent = fractionToPercent(ratio, 2);
  const full = Math.floor(percent / PERCENT_PER_ICON);
  return { percent: percent.toFixed(2), full, half: percent - full * PERCENT_PER_ICON > 0 };
}

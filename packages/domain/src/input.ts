/** Number inputs keep digits only, which blocks minus and dot (002 §5). */
export function keepNumberInput(input: string): string {
  return input.replace(/\D/g, '');
}

/**
 * Decimal inputs keep digits and one dot with at most 2 decimals (002 §5). A leading dot gets a
 * 0 in front so the value always reads as a number.
 */
export function keepDecimalInput(input: string): string {
  const cleaned = input.replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  if (dot === -1) return cleaned;
  const whole = cleaned.slice(0, dot) || '0';
  // Later dots are dropped, then the fraction is cut to two places.
  const fraction = cleaned
    .slice(dot + 1)
    .replace(/\./g, '')
    .slice(0, 2);
  return `${whole}.${fraction}`;
}

/** Chinese-only inputs keep word characters (letters, digits, _) and Chinese characters (002 §5). */
export function keepChineseOnlyInput(input: string): string {
  return input.replace(/[^\w\p{Script=Han}]/gu, '');
}

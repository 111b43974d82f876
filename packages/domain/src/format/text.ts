/** Characters beyond Latin-1 (CJK, full-width forms, emoji) take two columns (002 §9). */
function charWidth(char: string): number {
  return (char.codePointAt(0) ?? 0) > 0xff ? 2 : 1;
}

/**
 * Display length where wide characters count as 2 (002 §9 "Text truncation"). Iterates by code
 * point so an emoji counts once, as 2, not as two surrogate halves.
 */
export function wideLength(text: string): number {
  let units = 0;
  for (const char of text) units += charWidth(char);
  return units;
}

/**
 * Cuts text to at most `maxUnits` display units (wide = 2) and appends `ellipsis` when anything was
 * cut. The ellipsis is extra, not counted in `maxUnits`, so callers size by content only.
 */
export function truncateWide(text: string, maxUnits: number, ellipsis = '...'): string {
  if (wideLength(text) <= maxUnits) return text;
  let kept = '';
  let units = 0;
  for (const char of text) {
    const width = charWidth(char);
    if (units + width > maxUnits) break;
    kept += char;
    units += width;
  }
  return kept + ellipsis;
}

/**
 * The opening of a text as a history list shows it: runs of white space (line breaks too) folded into
 * one space, trimmed, then at most `maxChars` characters. Counts characters (code points), not UTF-16
 * units, so an emoji is never cut in half.
 */
export function excerptOf(text: string, maxChars: number): string {
  return Array.from(text.replace(/\s+/g, ' ').trim()).slice(0, maxChars).join('');
}

/** Separators of the keyword-colour highlight: '+', a comma (half or full width) or '、' (002 §2). */
const HIGHLIGHT_SEPARATORS = /[+,，、]/;

/** Splits a search keyword into the terms to highlight, trimmed, without empties or repeats. */
export function splitHighlightTerms(keyword: string | null | undefined): string[] {
  if (!keyword) return [];
  const terms = keyword
    .split(HIGHLIGHT_SEPARATORS)
    .map((term) => term.trim())
    .filter((term) => term !== '');
  return [...new Set(terms)];
}

/** A run of text, marked when it matches a highlight term. */
export interface HighlightSegment {
  text: string;
  hit: boolean;
}

/**
 * Splits `text` into plain and matching runs for the keyword-colour highlight (002 §2). Matching
 * ignores case, and at each position the longest term wins so '抖音运营' beats '抖音'.
 */
export function highlightSegments(text: string, terms: readonly string[]): HighlightSegment[] {
  if (text === '') return [];
  const needles = [...new Set(terms.filter((term) => term !== ''))]
    .sort((a, b) => b.length - a.length)
    .map((term) => ({ length: term.length, lower: term.toLowerCase() }));
  const segments: HighlightSegment[] = [];
  let plain = '';
  let index = 0;
  while (index < text.length) {
    const found = needles.find((n) => text.slice(index, index + n.length).toLowerCase() === n.lower);
    if (!found) {
      plain += text.charAt(index);
      index += 1;
      continue;
    }
    if (plain !== '') segments.push({ text: plain, hit: false });
    plain = '';
    segments.push({ text: text.slice(index, index + found.length), hit: true });
    index += found.length;
  }
  if (plain !== '') segments.push({ text: plain, hit: false });
  return segments;
}

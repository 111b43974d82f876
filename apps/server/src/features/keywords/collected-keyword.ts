import { keywordLength, keywordLimits } from '@dso/domain';

/**
 * A word a source gave (a board's sentence, a 下拉词) as the library stores keywords: trimmed, runs of blanks made
 * one space; null when it cannot be a keyword (empty, or over the 30-character limit), and is then left out.
 */
export function collectedKeyword(word: string): string | null {
  const keyword = word.trim().replace(/\s+/g, ' ');
  return keyword && keywordLength(keyword) <= keywordLimits.single ? keyword : null;
}

/** Keyword input limits (000 §5, §9). */
export const keywordLimits = {
  /** Single keyword search. */
  single: 30,
  /** The header search input. */
  header: 20,
  /** The header 'find words' box. */
  findWords: 10,
  /** Words in one batch search. */
  batchWords: 5,
  /** Characters per batch word. */
  batchWordLength: 30,
  /** Characters in the batch textarea. */
  batchTotal: 150,
} as const;

/** Keyword messages (000 §5, §8), in the wording the spec README fixes. */
export const keywordMessages = {
  tooLong: '关键词长度不能超过30个字符',
  required: '请输入关键词',
  noData: '暂无数据',
  /** The header 'find words' box: hint and over-length message. */
  findWords: '请输入您的行业核心关键词，10个字以内',
  /** Beside the batch counter. */
  batchLimitHint: '最多5个词',
} as const;

/** Separators of a batch: 、 , ， and line breaks (000 §5). The one definition; split and highlight with it. */
export const BATCH_SEPARATORS = /[、,，\r\n]+/;

/**
 * A keyword's length as its limits count it: in characters (code points), so an emoji or a rare
 * character outside the BMP counts once, not as the two UTF-16 units `String.length` sees.
 */
export function keywordLength(text: string): number {
  return Array.from(text).length;
}

/** The words of a batch search and what had to be cut to get them. */
export interface BatchKeywords {
  words: string[];
  /** A word was longer than 30 characters and was cut: show {@link keywordMessages.tooLong}. */
  truncated: boolean;
  /** How many words beyond the fifth were dropped. */
  dropped: number;
}

/** Cuts by code point so a character outside the BMP is never split in half. */
function cutToLength(word: string, maxLength: number): string {
  const chars = Array.from(word);
  return chars.length > maxLength ? chars.slice(0, maxLength).join('') : word;
}

/**
 * Splits batch input (000 §5): on 、 , ， and line breaks; trims and drops empty words; keeps the
 * first 5; cuts each to 30 characters and reports the cut so the UI can show the error toast.
 */
export function splitBatchKeywords(text: string): BatchKeywords {
  const all = text
    .split(BATCH_SEPARATORS)
    .map((word) => word.trim())
    .filter((word) => word !== '');
  const kept = all.slice(0, keywordLimits.batchWords);
  const words = kept.map((word) => cutToLength(word, keywordLimits.batchWordLength));
  return {
    words,
    truncated: words.some((word, index) => word !== kept[index]),
    dropped: all.length - kept.length,
  };
}

/** Caps the batch textarea at 150 characters (000 §9). */
export function capBatchInput(text: string): string {
  return cutToLength(text, keywordLimits.batchTotal);
}

/** The batch counter 'n/5' (000 §5); never shows more than the limit since extra words are cut. */
export function batchCounterText(count: number): string {
  return `${Math.min(count, keywordLimits.batchWords)}/${keywordLimits.batchWords}`;
}

/** Input is trimmed on blur (000 §5). */
export function trimKeyword(text: string | null | undefined): string {
  return (text ?? '').trim();
}

/**
 * Checks a single keyword (000 §5): empty → '请输入关键词'; longer than `maxLength` (default 30)
 * characters → '关键词长度不能超过N个字符'; else null.
 */
export function validateKeyword(
  text: string | null | undefined,
  maxLength: number = keywordLimits.single,
): string | null {
  const keyword = trimKeyword(text);
  if (keyword === '') return keywordMessages.required;
  if (keywordLength(keyword) > maxLength) return `关键词长度不能超过${maxLength}个字符`;
  return null;
}

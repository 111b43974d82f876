/**
 * The n-grams of substring search (keywords, and likewise video titles and creator names). A keyword
 * is indexed by the hashes of its unigrams and bigrams, each
 * prefixed with the library's scope ('DSO', 'TSOUS') so one GIN index serves every library. 32-bit
 * hashes keep the column and the index small; a rare collision only adds a candidate that the LIKE
 * recheck then drops. This file is the only place grams are made, for rows and for queries alike.
 */

/** FNV-1a over UTF-16 code units, as a signed 32-bit integer (PostgreSQL int4). */
export function gramHash(scope: string, gram: string): number {
  const text = `${scope}:${gram}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

const isBlank = (char: string) => /\s/.test(char);

/** The gram hashes stored with a keyword: every unigram (blanks aside) and every bigram. */
export function keywordGrams(scope: string, keyword: string): number[] {
  const chars = [...keyword.toLowerCase()];
  const grams = new Set<number>();
  for (let i = 0; i < chars.length; i++) {
    if (!isBlank(chars[i]!)) grams.add(gramHash(scope, chars[i]!));
    if (i + 1 < chars.length) grams.add(gramHash(scope, chars[i]! + chars[i + 1]!));
  }
  return [...grams];
}

/** The grams a keyword must contain to match a query: the query itself when one character long, else its bigrams. */
export function queryGrams(scope: string, query: string): number[] {
  const chars = [...query.toLowerCase()];
  if (chars.length === 1) return [gramHash(scope, chars[0]!)];
  const grams = new Set<number>();
  for (let i = 0; i + 1 < chars.length; i++) grams.add(gramHash(scope, chars[i]! + chars[i + 1]!));
  return [...grams];
}

/**
 * The prefix grams of a keyword: its first character and its first two, hashed apart from the
 * substring grams (a separate namespace after the scope). Not stored with the row: only the gram
 * heads of frequent prefixes use them, to serve suggestions.
 */
export function keywordPrefixGrams(scope: string, keyword: string): number[] {
  const chars = [...keyword.toLowerCase()];
  if (chars.length === 0) return [];
  const first = prefixGram(scope, chars[0]!);
  return chars.length === 1 ? [first] : [first, prefixGram(scope, chars[0]! + chars[1]!)];
}

/** The prefix gram a suggestion input is served by: its first two characters (or its only one). */
export function prefixGram(scope: string, prefix: string): number {
  return gramHash(`${scope}^`, [...prefix.toLowerCase()].slice(0, 2).join(''));
}

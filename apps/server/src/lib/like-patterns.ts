/*
 * LIKE patterns from user input, shared by every substring search (keywords, video titles, creators):
 * the input is lower-cased and its wildcards escaped, so `%` and `_` match themselves.
 */

const escapeWildcards = (word: string) => word.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`);

/** Escapes LIKE wildcards in user input and matches it anywhere (`%word%`). */
export function likeContains(word: string): string {
  return `%${escapeWildcards(word)}%`;
}

/** Escapes LIKE wildcards in user input and matches it at the start (`word%`). */
export function likePrefix(word: string): string {
  return `${escapeWildcards(word)}%`;
}

/*
 * FNV-1a, the stable 32-bit number the sandboxes and demo generators seed their draws with for a text (no
 * Math.random, so the same text always draws the same). It is written in two readings that differ only for
 * characters beyond the BMP (an emoji): over UTF-16 code units and over code points. Each caller keeps the reading
 * it was written with, so what it draws for a text does not change. (lib/grams.ts hashes grams over code units
 * too, as a signed int4, and keeps its own loop on that hot path.)
 */

/** FNV-1a over a text's UTF-16 code units, unsigned. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** FNV-1a over a text's code points, unsigned. */
export function fnv1aOfCodePoints(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193);
  return hash >>> 0;
}

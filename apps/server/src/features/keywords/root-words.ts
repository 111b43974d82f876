import { createRequire } from 'node:module';
import type { Jieba } from '@node-rs/jieba';

const require = createRequire(import.meta.url);
let jieba: Jieba | null = null;

/** Loaded on first use: the dictionary takes a moment and most requests never need it. */
function segmenter(): Jieba {
  if (!jieba) {
    const { Jieba: JiebaClass } = require('@node-rs/jieba') as typeof import('@node-rs/jieba');
    const { dict } = require('@node-rs/jieba/dict') as { dict: Uint8Array };
    jieba = JiebaClass.withDict(dict);
  }
  return jieba;
}

/** The root words of a long keyword (000 §2.6): jieba's search-mode words of two or more characters, in order. */
export function rootWordsOf(keyword: string): string[] {
  const words = segmenter()
    .cutForSearch(keyword.trim(), true)
    .map((word) => word.trim())
    .filter((word) => [...word].length >= 2 && word !== keyword.trim());
  return [...new Set(words)];
}

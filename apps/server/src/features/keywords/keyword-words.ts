import { createRequire } from 'node:module';
import type { Jieba, TfIdf } from '@node-rs/jieba';

const require = createRequire(import.meta.url);
let loaded: { jieba: Jieba; tfidf: TfIdf } | null = null;

/** Loaded on first use (about a second): only root words, correlation words and the derive job need it. */
function segmenter() {
  if (!loaded) {
    const { Jieba: JiebaClass, TfIdf: TfIdfClass } = require('@node-rs/jieba') as typeof import('@node-rs/jieba');
    const { dict, idf } = require('@node-rs/jieba/dict') as { dict: Uint8Array; idf: Uint8Array };
    loaded = { jieba: JiebaClass.withDict(dict), tfidf: TfIdfClass.withDict(idf) };
  }
  return loaded;
}

/**
 * Splits a text into words (jieba's precise mode, with HMM for words not in the dictionary), through
 * the one jieba instance the server loads: the video comments' hot words use it too.
 */
export function cutWords(text: string): string[] {
  return segmenter().jieba.cut(text, true);
}

/** Parts of speech a keyword's subject can have: nouns (not places or names), verbal nouns, foreign words. */
const subjectTags = ['n', 'nz', 'nt', 'nw', 'vn', 'eng'];

/**
 * The main word of a keyword: what it is about, the word correlation lists share. Jieba's TF-IDF
 * weight among its nouns picks the most specific one (上海平价口红推荐 → 口红, 北京火锅攻略 → 火锅,
 * 减肥食谱 → 食谱); without a noun the heaviest word of two or more characters; else the keyword.
 */
export function mainWordOf(keyword: string): string {
  const text = keyword.trim();
  if ([...text].length <= 2) return text;
  const { jieba, tfidf } = segmenter();
  const long = (word: string) => [...word.trim()].length >= 2;
  const noun = tfidf.extractKeywords(jieba, text, 5, subjectTags).find((entry) => long(entry.keyword));
  if (noun) return noun.keyword.trim();
  const any = tfidf.extractKeywords(jieba, text, 5).find((entry) => long(entry.keyword));
  return any ? any.keyword.trim() : text;
}

/**
 * The shorter phrases a keyword is built from, longest first: every run of consecutive jieba words
 * (上海平价口红推荐 → 平价口红推荐, 上海平价口红, 口红推荐, 平价口红, …, 口红, 平价) plus jieba's
 * search-mode words, each of two characters or more and shorter than the keyword.
 */
export function rootPhrasesOf(keyword: string): string[] {
  const text = keyword.trim();
  const { jieba } = segmenter();
  const tokens = jieba.cut(text, true);
  // Runs start and end on words; the blanks between English words stay inside a run.
  const wordAt = tokens.flatMap((token, index) => (token.trim() ? [index] : []));
  const phrases = new Set<string>();
  for (const start of wordAt) {
    for (const end of wordAt) {
      if (end < start) continue;
      const phrase = tokens
        .slice(start, end + 1)
        .join('')
        .trim();
      if ([...phrase].length >= 2 && phrase !== text) phrases.add(phrase);
    }
  }
  for (const word of jieba.cutForSearch(text, true)) {
    const trimmed = word.trim();
    if ([...trimmed].length >= 2 && trimmed !== text) phrases.add(trimmed);
  }
  return [...phrases].sort((a, b) => [...b].length - [...a].length);
}

/** The root words of a long keyword (000 §2.6): jieba's search-mode words of two or more characters, in order. */
export function rootWordsOf(keyword: string): string[] {
  const text = keyword.trim();
  const words = segmenter()
    .jieba.cutForSearch(text, true)
    .map((word) => word.trim())
    .filter((word) => [...word].length >= 2 && word !== text);
  return [...new Set(words)];
}

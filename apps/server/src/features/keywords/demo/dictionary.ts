import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const dictionaryFile = path.join(path.dirname(require.resolve('@node-rs/jieba/package.json')), 'dict.txt');
const chineseOnly = /^[\u4e00-\u9fa5]+$/;

let cached: string[] | null = null;

/**
 * Everyday nouns from jieba's dictionary (word, frequency, part of speech; it ships with
 * @node-rs/jieba), most frequent first: the long tail of the demo library.
 */
export function loadDictionaryNouns(): string[] {
  if (cached) return cached;
  cached = readFileSync(dictionaryFile, 'utf8')
    .split('\n')
    .map((line) => line.split(' '))
    .filter((parts): parts is [string, string, string] => parts.length === 3 && parts[2] === 'n')
    .map(([word, frequency]) => ({ word, frequency: Number(frequency) }))
    .filter((entry) => entry.frequency >= 3000 && chineseOnly.test(entry.word) && [...entry.word].length <= 3)
    .filter((entry) => [...entry.word].length >= 2)
    .sort((a, b) => b.frequency - a.frequency)
    .map((entry) => entry.word);
  return cached;
}

import { describe, expect, it } from 'vitest';
import { gramHash, keywordGrams, keywordPrefixGrams, prefixGram, queryGrams } from './grams';

describe('keyword grams', () => {
  it('indexes every unigram and bigram once', () => {
    const grams = keywordGrams('DSO', '口红口红');
    const expected = ['口', '红', '口红', '红口'].map((gram) => gramHash('DSO', gram));
    expect(new Set(grams)).toEqual(new Set(expected));
    expect(grams).toHaveLength(4);
  });

  it('keeps libraries apart through the scope prefix', () => {
    expect(gramHash('DSO', '口红')).not.toBe(gramHash('RSO', '口红'));
  });

  it('lower-cases Latin letters and skips blank unigrams but keeps bigrams across blanks', () => {
    const grams = keywordGrams('TSOUS', 'A b');
    expect(grams).toContain(gramHash('TSOUS', 'a'));
    expect(grams).toContain(gramHash('TSOUS', 'a '));
    expect(grams).not.toContain(gramHash('TSOUS', ' '));
  });

  it('makes every query gram a gram of each keyword containing the query', () => {
    const keyword = '学生党平价口红推荐';
    for (const query of ['口', '口红', '平价口红', '党平价口红推']) {
      const stored = new Set(keywordGrams('DSO', keyword));
      expect(queryGrams('DSO', query).every((gram) => stored.has(gram))).toBe(true);
    }
  });

  it('treats a character outside the basic plane as one character', () => {
    expect(queryGrams('DSO', '𠮷')).toEqual([gramHash('DSO', '𠮷')]);
  });

  it('fits PostgreSQL int4', () => {
    for (const gram of keywordGrams('DSO', '任意关键词 abc 123')) {
      expect(gram).toBeGreaterThanOrEqual(-(2 ** 31));
      expect(gram).toBeLessThan(2 ** 31);
    }
  });

  it('makes prefix grams of the first one and two characters, apart from the substring grams', () => {
    expect(keywordPrefixGrams('DSO', 'Ab口红')).toEqual([prefixGram('DSO', 'a'), prefixGram('DSO', 'ab')]);
    expect(keywordPrefixGrams('DSO', '口')).toEqual([prefixGram('DSO', '口')]);
    expect(prefixGram('DSO', '口红推荐')).toBe(prefixGram('DSO', '口红'));
    expect(prefixGram('DSO', '口红')).not.toBe(gramHash('DSO', '口红'));
  });
});

import { describe, expect, it } from 'vitest';
import { excerptOf, highlightSegments, splitHighlightTerms, truncateWide, wideLength } from './text';

describe('wideLength', () => {
  it('counts Chinese characters as 2 and Latin ones as 1', () => {
    expect(wideLength('abc')).toBe(3);
    expect(wideLength('关键词')).toBe(6);
    expect(wideLength('抖音SEO')).toBe(7);
  });

  it('counts full-width punctuation and an emoji as one wide character each', () => {
    expect(wideLength('，')).toBe(2);
    expect(wideLength('😀')).toBe(2);
  });
});

describe('excerptOf', () => {
  it('folds white space, trims, and keeps the first characters', () => {
    expect(excerptOf('  第一行\n\n第二行\t结尾  ', 80)).toBe('第一行 第二行 结尾');
    expect(excerptOf('口红推荐文案', 2)).toBe('口红');
  });

  it('counts an emoji as one character and never cuts it in half', () => {
    expect(excerptOf('😀😀😀', 2)).toBe('😀😀');
    expect(excerptOf('a😀b', 2)).toBe('a😀');
  });
});

describe('truncateWide', () => {
  it('keeps text that fits exactly', () => {
    expect(truncateWide('关键词', 6)).toBe('关键词');
  });

  it('cuts one unit over the limit and appends the ellipsis', () => {
    expect(truncateWide('关键词', 5)).toBe('关键...');
    expect(truncateWide('abcdef', 5)).toBe('abcde...');
  });

  it('never splits a wide character across the limit', () => {
    expect(truncateWide('a关键', 4)).toBe('a关...');
  });

  it('accepts a custom ellipsis', () => {
    expect(truncateWide('关键词分析', 4, '…')).toBe('关键…');
  });
});

describe('splitHighlightTerms', () => {
  it('splits on +, both commas and 、', () => {
    expect(splitHighlightTerms('美食+探店,火锅，烧烤、奶茶')).toEqual(['美食', '探店', '火锅', '烧烤', '奶茶']);
  });

  it('drops empty pieces and repeats', () => {
    expect(splitHighlightTerms(' 美食 ,, 美食+ ')).toEqual(['美食']);
    expect(splitHighlightTerms(undefined)).toEqual([]);
  });
});

describe('highlightSegments', () => {
  it('marks every occurrence of a term', () => {
    expect(highlightSegments('美食探店美食', ['美食'])).toEqual([
      { text: '美食', hit: true },
      { text: '探店', hit: false },
      { text: '美食', hit: true },
    ]);
  });

  it('prefers the longest term at a position', () => {
    expect(highlightSegments('抖音运营技巧', ['抖音', '抖音运营'])).toEqual([
      { text: '抖音运营', hit: true },
      { text: '技巧', hit: false },
    ]);
  });

  it('matches regardless of case and keeps the original text', () => {
    expect(highlightSegments('学SEO优化', ['seo'])).toEqual([
      { text: '学', hit: false },
      { text: 'SEO', hit: true },
      { text: '优化', hit: false },
    ]);
  });

  it('returns one plain segment without terms and none for empty text', () => {
    expect(highlightSegments('美食', [])).toEqual([{ text: '美食', hit: false }]);
    expect(highlightSegments('', ['美食'])).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  batchCounterText,
  capBatchInput,
  keywordLength,
  keywordMessages,
  splitBatchKeywords,
  trimKeyword,
  validateKeyword,
} from './keywords';

const word = (length: number) => '词'.repeat(length);

describe('splitBatchKeywords', () => {
  it('splits on 、, both commas and line breaks', () => {
    expect(splitBatchKeywords('美食、探店,火锅，烧烤\n奶茶').words).toEqual(['美食', '探店', '火锅', '烧烤', '奶茶']);
  });

  it('trims words and drops empty ones', () => {
    expect(splitBatchKeywords(' 美食 ,,\r\n\n、 探店 ').words).toEqual(['美食', '探店']);
  });

  it('keeps five words and drops a sixth', () => {
    expect(splitBatchKeywords('a,b,c,d,e')).toEqual({ words: ['a', 'b', 'c', 'd', 'e'], truncated: false, dropped: 0 });
    expect(splitBatchKeywords('a,b,c,d,e,f')).toEqual({
      words: ['a', 'b', 'c', 'd', 'e'],
      truncated: false,
      dropped: 1,
    });
  });

  it('keeps a 30-character word whole', () => {
    const result = splitBatchKeywords(word(30));
    expect(result.words).toEqual([word(30)]);
    expect(result.truncated).toBe(false);
  });

  it('cuts a 31-character word to 30 and reports it', () => {
    const result = splitBatchKeywords(`${word(31)},美食`);
    expect(result.words).toEqual([word(30), '美食']);
    expect(result.truncated).toBe(true);
  });
});

describe('batch input helpers', () => {
  it('caps the textarea at 150 characters', () => {
    expect(capBatchInput(word(150))).toHaveLength(150);
    expect(capBatchInput(word(151))).toBe(word(150));
  });

  it('counts words against 5', () => {
    expect(batchCounterText(0)).toBe('0/5');
    expect(batchCounterText(5)).toBe('5/5');
    expect(batchCounterText(6)).toBe('5/5');
  });

  it('trims keywords', () => {
    expect(trimKeyword('  美食 ')).toBe('美食');
    expect(trimKeyword(undefined)).toBe('');
  });
});

describe('validateKeyword', () => {
  it('asks for a keyword when the input is blank', () => {
    expect(validateKeyword('   ')).toBe('请输入关键词');
  });

  it('accepts 30 characters and rejects 31', () => {
    expect(validateKeyword(word(30))).toBeNull();
    expect(validateKeyword(word(31))).toBe(keywordMessages.tooLong);
  });

  it('counts an emoji as one character, so 29 characters and an emoji pass and one more is refused', () => {
    expect(keywordLength('口红😀')).toBe(3);
    expect(validateKeyword(`${word(29)}😀`)).toBeNull();
    expect(validateKeyword(`${word(30)}😀`)).toBe('关键词长度不能超过30个字符');
  });

  it('applies the header and find-words limits', () => {
    expect(validateKeyword(word(20), 20)).toBeNull();
    expect(validateKeyword(word(11), 10)).toBe('关键词长度不能超过10个字符');
  });
});

import { describe, expect, it } from 'vitest';
import { normalizeBatchInput, trimBatchInput } from './batch-input';

const word = (length: number, char = '词') => char.repeat(length);

describe('the batch input rules', () => {
  it('splits words on 、 , ， and line breaks', () => {
    expect(normalizeBatchInput('口红、粉底,眼影，腮红\n唇釉').words).toEqual(['口红', '粉底', '眼影', '腮红', '唇釉']);
  });

  it('keeps separators and inner spaces as typed while typing', () => {
    const result = normalizeBatchInput('露营 装备、');
    expect(result.text).toBe('露营 装备、');
    expect(result.words).toEqual(['露营 装备']);
  });

  it('cuts a sixth word and everything after it', () => {
    const result = normalizeBatchInput('a、b、c、d、e、f、g');
    expect(result.text).toBe('a、b、c、d、e、');
    expect(result.words).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('cuts a word longer than 30 characters to 30 and reports it', () => {
    const result = normalizeBatchInput(`短词\n${word(33)}`);
    expect(result.truncated).toBe(true);
    expect(result.words).toEqual(['短词', word(30)]);
  });

  it('does not report words of exactly 30 characters', () => {
    expect(normalizeBatchInput(word(30)).truncated).toBe(false);
  });

  it('caps the whole text at 150 characters', () => {
    const text = [word(30, '甲'), word(30, '乙'), word(30, '丙'), word(30, '丁'), word(30, '戊')].join('、');
    const result = normalizeBatchInput(text);
    expect(Array.from(result.text)).toHaveLength(150);
    expect(result.words.at(-1)).toBe(word(26, '戊'));
  });

  it('trims each word and the text on blur', () => {
    expect(trimBatchInput('  口红 、 粉底 \n 眼影  ')).toBe('口红、粉底\n眼影');
  });
});

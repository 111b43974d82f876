import { describe, expect, it } from 'vitest';
import { keepChineseOnlyInput, keepDecimalInput, keepNumberInput } from './input';

describe('keepNumberInput', () => {
  it('blocks minus and dot', () => {
    expect(keepNumberInput('-12.5')).toBe('125');
    expect(keepNumberInput('1a2b3')).toBe('123');
  });
});

describe('keepDecimalInput', () => {
  const expectKept = (typed: string, kept: string) => expect(keepDecimalInput(typed)).toBe(kept);

  it.each([
    ['12.34', '12.34'],
    ['12.345', '12.34'],
  ])('allows two decimals and cuts a third: %s → %s', expectKept);
  it.each([['1.2.3', '1.23']])('keeps only the first dot: %s → %s', expectKept);
  it.each([
    ['12.', '12.'],
    ['.5', '0.5'],
  ])('keeps a trailing dot while typing and prefixes a leading one: %s → %s', expectKept);
  it.each([['-3a.1', '3.1']])('strips minus signs and letters: %s → %s', expectKept);
});

describe('keepChineseOnlyInput', () => {
  it('keeps Chinese, letters, digits and underscores', () => {
    expect(keepChineseOnlyInput('美食_abc 123！@#探店')).toBe('美食_abc123探店');
  });
});

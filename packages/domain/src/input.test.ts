import { describe, expect, it } from 'vitest';
import { keepChineseOnlyInput, keepDecimalInput, keepNumberInput } from './input';

describe('keepNumberInput', () => {
  it('blocks minus and dot', () => {
    expect(keepNumberInput('-12.5')).toBe('125');
    expect(keepNumberInput('1a2b3')).toBe('123');
  });
});

describe('keepDecimalInput', () => {
  it('allows two decimals and cuts a third', () => {
    expect(keepDecimalInput('12.34')).toBe('12.34');
    expect(keepDecimalInput('12.345')).toBe('12.34');
  });

  it('keeps only the first dot', () => {
    expect(keepDecimalInput('1.2.3')).toBe('1.23');
  });

  it('keeps a trailing dot while typing and prefixes a leading one', () => {
    expect(keepDecimalInput('12.')).toBe('12.');
    expect(keepDecimalInput('.5')).toBe('0.5');
  });

  it('strips minus signs and letters', () => {
    expect(keepDecimalInput('-3a.1')).toBe('3.1');
  });
});

describe('keepChineseOnlyInput', () => {
  it('keeps Chinese, letters, digits and underscores', () => {
    expect(keepChineseOnlyInput('美食_abc 123！@#探店')).toBe('美食_abc123探店');
  });
});

import { describe, expect, it } from 'vitest';
import { figureValue, formatFigure } from './figures';

describe('formatFigure', () => {
  it('shows exact numbers in the w and 亿 units of the display bands', () => {
    expect(formatFigure(123_456)).toBe('12.3w');
    expect(formatFigure(2_781_000)).toBe('278.1w');
    expect(formatFigure(250_000_000)).toBe('2.5亿');
    expect(formatFigure(812)).toBe('812');
    expect(formatFigure(0)).toBe('0');
  });

  it('shows a band as the server wrote it and -- when missing', () => {
    expect(formatFigure('12.3w')).toBe('12.3w');
    expect(formatFigure(null)).toBe('--');
  });
});

describe('figureValue', () => {
  it('reads a band by its lower edge', () => {
    expect(figureValue('12.3w')).toBe(123_000);
    expect(figureValue('1.2亿')).toBe(120_000_000);
    expect(figureValue('9876')).toBe(9876);
  });

  it('gives null for text that is no figure', () => {
    expect(figureValue('--')).toBeNull();
    expect(figureValue(undefined)).toBeNull();
  });
});

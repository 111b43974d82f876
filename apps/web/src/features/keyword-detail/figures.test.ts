import { describe, expect, it } from 'vitest';
import { figureValue, formatFigure, formatGrowth, shortDay, trendDirection } from './figures';

describe('formatFigure', () => {
  it('shows exact numbers in the w and 亿 style of the display bands', () => {
    expect(formatFigure(123_456)).toBe('12.3w');
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

describe('formatGrowth and trendDirection', () => {
  it('signs the growth and keeps one decimal', () => {
    expect(formatGrowth(0.1234)).toBe('+12.3%');
    expect(formatGrowth(-0.05)).toBe('-5.0%');
    expect(formatGrowth(0)).toBe('0.0%');
  });

  it('tells up from down and treats tiny changes as flat', () => {
    expect(trendDirection(0.2)).toBe('up');
    expect(trendDirection(-3)).toBe('down');
    expect(trendDirection(0.0001)).toBe('flat');
  });
});

describe('shortDay', () => {
  it('labels a day by month and day', () => {
    expect(shortDay('2026-11-20')).toBe('11-20');
  });
});

import { describe, expect, it } from 'vitest';
import { BAR_MAX_WIDTH, measureAxisFor, valueAxisFor } from './axis';

describe('valueAxisFor', () => {
  it('ends the axis at the domain maximum: the largest value rounded up in steps of 95', () => {
    const axis = valueAxisFor([120, 40, 1000]);
    expect(axis.max).toBe(1045);
    expect(axis.min).toBe(0);
  });

  it('cuts the axis into 5 equal splits so two axes share their grid lines', () => {
    const axis = valueAxisFor([500]);
    expect(axis.max).toBe(570);
    expect(axis.interval).toBe(114);
    expect(axis.splitNumber).toBe(5);
  });

  it('shows one step for an empty series instead of collapsing', () => {
    expect(valueAxisFor([]).max).toBe(95);
  });

  it('labels counts with w and 亿, and rates with a percent sign', () => {
    expect(valueAxisFor([1]).axisLabel.formatter(25_000)).toBe('2.5w');
    expect(valueAxisFor([1], { percent: true }).axisLabel.formatter(38)).toBe('38%');
  });

  it('keeps bars at most 24 px wide', () => {
    expect(BAR_MAX_WIDTH).toBe(24);
  });
});

describe('measureAxisFor', () => {
  it('puts small ratios on a round step in 5 splits', () => {
    const axis = measureAxisFor([2.3, 0.8]);
    expect(axis.interval).toBe(0.5);
    expect(axis.max).toBe(2.5);
  });

  it('labels percents', () => {
    const axis = measureAxisFor([34.5], { percent: true });
    expect(axis.max).toBe(50);
    expect(axis.axisLabel.formatter(20)).toBe('20%');
  });
});

import { describe, expect, it } from 'vitest';
import { axisMax, dualAxisChart } from './charts';

describe('axisMax', () => {
  it('ends the axis on the largest value when it is a multiple of 95', () => {
    expect(axisMax([10, 95, 40])).toBe(95);
    expect(axisMax([190])).toBe(190);
  });

  it('rounds just above a step up to the next step', () => {
    expect(axisMax([95.01])).toBe(190);
    expect(axisMax([1000])).toBe(1045);
  });

  it('shows one step for empty, zero or negative data', () => {
    expect(axisMax([])).toBe(95);
    expect(axisMax([0, -20])).toBe(95);
    expect(axisMax([Number.NaN, 3])).toBe(95);
  });
});

describe('dualAxisChart', () => {
  it('uses 5 splits and bars at most 24 wide', () => {
    expect(dualAxisChart).toEqual({ splitNumber: 5, barMaxWidth: 24 });
  });
});

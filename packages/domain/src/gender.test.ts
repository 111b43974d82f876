import { describe, expect, it } from 'vitest';
import { genderShare } from './gender';

describe('genderShare', () => {
  it('shows one icon per full 20 % and a half icon for the rest', () => {
    expect(genderShare(0.625)).toEqual({ percent: '62.50', full: 3, half: true });
  });

  it('shows no half icon on an exact multiple of 20 %', () => {
    expect(genderShare(0.4)).toEqual({ percent: '40.00', full: 2, half: false });
    expect(genderShare(1)).toEqual({ percent: '100.00', full: 5, half: false });
  });

  it('shows only a half icon under 20 %', () => {
    expect(genderShare(0.1999)).toEqual({ percent: '19.99', full: 0, half: true });
  });

  it('rounds the percent to 2 decimals', () => {
    expect(genderShare(0.123456).percent).toBe('12.35');
  });

  it('shows nothing for a missing or zero share', () => {
    expect(genderShare(undefined)).toEqual({ percent: '0.00', full: 0, half: false });
    expect(genderShare(0)).toEqual({ percent: '0.00', full: 0, half: false });
  });
});

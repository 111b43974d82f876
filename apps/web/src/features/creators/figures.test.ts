import { describe, expect, it } from 'vitest';
import { formatGrowth, personDetailPath, placeOf } from './figures';

describe('creator figures', () => {
  it('signs growth and keeps its units', () => {
    expect(formatGrowth(12_300)).toBe('+1.2w');
    expect(formatGrowth(-300)).toBe('-300');
    expect(formatGrowth(0)).toBe('0');
  });

  it('names a place once for municipalities', () => {
    expect(placeOf({ province: '北京', city: '北京' })).toBe('北京');
    expect(placeOf({ province: '广东', city: '深圳' })).toBe('广东 深圳');
    expect(placeOf({ province: '', city: '' })).toBe('');
  });

  it('builds the person detail address', () => {
    expect(personDetailPath('MS4w_a-1', 'fans')).toBe('/person/detail/MS4w_a-1/fans');
    expect(personDetailPath('u1')).toBe('/person/detail/u1');
  });
});

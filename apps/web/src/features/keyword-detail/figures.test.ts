import { describe, expect, it } from 'vitest';
import { shortDay } from './figures';

describe('shortDay', () => {
  it('labels a day by month and day', () => {
    expect(shortDay('2026-11-20')).toBe('11-20');
  });
});

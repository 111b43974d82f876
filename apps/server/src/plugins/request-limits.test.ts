import { describe, expect, it } from 'vitest';
import { refusalWait } from './request-limits';

describe('refusalWait', () => {
  it('spreads refusals over half to one and a half times the configured delay', () => {
    expect(refusalWait(2_000, () => 0)).toBe(1_000);
    expect(refusalWait(2_000, () => 0.5)).toBe(2_000);
    expect(refusalWait(2_000, () => 0.999)).toBe(2_998);
  });

  it('answers a burst of refused calls at different moments, not as one wave', () => {
    const waits = Array.from({ length: 300 }, () => refusalWait(2_000));
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(1_000);
    expect(Math.max(...waits)).toBeLessThanOrEqual(3_000);
    // 300 draws cover most of the 2 s range, with few falling on the same millisecond.
    expect(Math.max(...waits) - Math.min(...waits)).toBeGreaterThan(1_500);
    expect(new Set(waits).size).toBeGreaterThan(200);
  });

  it('waits nothing when no delay is configured', () => {
    expect(refusalWait(0)).toBe(0);
  });
});

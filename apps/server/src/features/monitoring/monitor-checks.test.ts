import { describe, expect, it } from 'vitest';
import { createPacer, nextRoundAt } from './monitor-checks';

describe('the round schedule', () => {
  it('runs at the configured Shanghai hour, today when it is still ahead, else tomorrow', () => {
    // 05:00 in Shanghai (21:00 UTC the day before): the 06:00 round is an hour away.
    expect(nextRoundAt(new Date('2026-11-23T21:00:00Z'), 6).toISOString()).toBe('2026-11-23T22:00:00.000Z');
    // 06:00 exactly has passed for this round: the next is tomorrow's.
    expect(nextRoundAt(new Date('2026-11-23T22:00:00Z'), 6).toISOString()).toBe('2026-11-24T22:00:00.000Z');
    // 23:30 in Shanghai, round at midnight: 30 minutes away.
    expect(nextRoundAt(new Date('2026-11-24T15:30:00Z'), 0).toISOString()).toBe('2026-11-24T16:00:00.000Z');
  });
});

describe('the source pace', () => {
  it('spaces calls to the rate and lets the first one through at once', async () => {
    const waits: number[] = [];
    const pace = createPacer(4, async (ms) => {
      waits.push(ms);
    });
    await pace();
    await pace();
    await pace();
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThan(200);
    expect(waits[0]).toBeLessThanOrEqual(250);
    expect(waits[1]).toBeGreaterThan(450);
  });
});

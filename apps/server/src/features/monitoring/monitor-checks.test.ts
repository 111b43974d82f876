import { describe, expect, it } from 'vitest';
import { createPacer } from './monitor-checks';

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

import { describe, expect, it } from 'vitest';
import { followerTrendOption } from './follower-trend-tab';

describe('the follower trend chart', () => {
  it('draws a day of unfollows as a fall: the line is not smoothed and the bar goes below 0', () => {
    const option = followerTrendOption(
      {
        as_of: '2026-11-20',
        points: [
          { day: '2026-11-18', follower_count: 12_000, increment: 300 },
          { day: '2026-11-19', follower_count: 11_400, increment: -600 },
          { day: '2026-11-20', follower_count: 11_900, increment: 500 },
        ],
      },
      ['#1', '#2'],
    );
    const [line, bars] = option.series as Array<{ type: string; smooth?: boolean; data: number[] }>;
    expect(line).toMatchObject({ type: 'line', data: [12_000, 11_400, 11_900] });
    expect(line!.smooth).toBe(false);
    expect(bars).toMatchObject({ type: 'bar', data: [300, -600, 500] });
    // Neither axis is clamped at 0, so the fall and the negative bar are drawn as they are.
    for (const axis of option.yAxis as Array<{ min?: unknown }>) expect(axis.min).toBeUndefined();
  });
});

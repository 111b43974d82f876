import { describe, expect, it } from 'vitest';
import { firstFilledDay, rankCurvesOption } from './rank-chart-options';

describe('rank charts', () => {
  it('start at the first day with a rank, keeping two days at least', () => {
    expect(firstFilledDay([[null, null, 4, 3]], 4)).toBe(2);
    expect(firstFilledDay([[null, null, null, 3]], 4)).toBe(2);
    expect(
      firstFilledDay(
        [
          [null, 5, null, null],
          [null, null, 1, 2],
        ],
        4,
      ),
    ).toBe(1);
    expect(firstFilledDay([[null, null]], 2)).toBe(0);
  });

  it('draw rank 1 at the top and leave gaps for days without a rank', () => {
    const option = rankCurvesOption(
      ['2026-11-23', '2026-11-24', '2026-11-25'],
      [{ name: 'a', ranks: [null, 12, null] }],
      [],
    );
    const yAxis = option.yAxis as { inverse: boolean; min: number; max: number };
    expect(yAxis).toMatchObject({ inverse: true, min: 1, max: 20 });
    expect((option.series as Array<{ data: unknown[] }>)[0]!.data).toEqual([12, null]);
  });
});

import { describe, expect, it } from 'vitest';
import { coverageOption, rankCurvesOption } from '../features/monitoring/charts/rank-chart-options';
import { hotWordsOption } from '../features/videos/components/comments-tab';
import { trendOption } from '../features/videos/components/trend-tab';
import { type ChartOption, withProductUnits } from '../lib/charts';

/**
 * Every chart reads its numbers in the product's units as the cards do ("1,800,000 on an axis reads 180w";
 * 002 §9). The builders below set no formatter of their own; what EChart draws (withProductUnits) labels them.
 */

type Axis = { axisLabel?: { formatter?: unknown } };
type Drawn = {
  xAxis?: Axis | Axis[];
  yAxis?: Axis | Axis[];
  tooltip?: { valueFormatter?: (value: unknown) => string };
};

const drawn = (option: ChartOption) => withProductUnits(option) as unknown as Drawn;
function label(axis: Axis | Axis[] | undefined, value: number): string {
  const formatter = (Array.isArray(axis) ? axis[0] : axis)?.axisLabel?.formatter;
  if (typeof formatter !== 'function') throw new Error('the axis has no label formatter');
  return (formatter as (value: number) => string)(value);
}

describe('chart units', () => {
  it('labels the video trend’s counts and its tooltip in w', () => {
    const point = {
      create_time: 1_763_000_000,
      good_value: 1_800_000,
      comment_value: 0,
      share_value: 0,
      collect_value: 0,
    };
    const option = drawn(trendOption([point, point] as never, ['#fff']));
    expect(label(option.yAxis, 1_800_000)).toBe('180.0w');
    expect(option.tooltip!.valueFormatter!(1_800_000)).toBe('180.0w');
  });

  it('labels the hot words’ counts on their value x axis', () => {
    const option = drawn(hotWordsOption([{ name: '露营', count: 25_000 }] as never, '#fff'));
    expect(label(option.xAxis, 25_000)).toBe('2.5w');
  });

  it('labels the monitoring coverage counts, and keeps the rank axis in ranks', () => {
    const coverage = drawn(coverageOption([{ day: '2026-11-20', core: 12, ranking: 3 }], ['#fff']));
    expect(label(coverage.yAxis, 12)).toBe('12');
    const ranks = drawn(rankCurvesOption(['11-20'], [{ name: '露营', ranks: [3] }], ['#fff']));
    expect(label(ranks.yAxis, 3)).toBe('3');
  });
});

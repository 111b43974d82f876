import { describe, expect, it } from 'vitest';
import { chartPalettes } from '../../../lib/charts';
import { replayCurveOption } from './replay-chart-option';

describe('the replay curve', () => {
  it('draws the online count and marks each peak with its rise', () => {
    const curve = [0, 1, 2, 3].map((minute) => ({ minute, online: minute === 2 ? 900 : 300 }));
    const option = replayCurveOption(curve, [{ minute: 2, online: 900, rise: 600, said: '' }], chartPalettes.dark);
    const series = (
      option.series as Array<{ data: number[]; markLine: { data: Array<{ xAxis: number; name: string }> } }>
    )[0]!;
    expect(series.data).toEqual([300, 300, 900, 300]);
    expect(series.markLine.data).toEqual([{ xAxis: 2, name: '峰值 +600' }]);
  });
});

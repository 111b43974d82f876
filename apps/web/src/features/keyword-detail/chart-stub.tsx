import type { ChartOption, EChartProps } from '../../lib/charts';
import { chartPalettes } from '../../lib/charts/chart-theme';

/**
 * Stands in for the ECharts canvas in component tests (jsdom has no canvas): records every option
 * drawn, by test id, so tests can check axes and labels.
 */
export const drawnOptions = new Map<string, ChartOption>();

export function EChartStub({ option, ariaLabel, testId }: EChartProps) {
  drawnOptions.set(testId ?? ariaLabel, option);
  return <div role="img" aria-label={ariaLabel} data-testid={testId} />;
}

export const chartStubModule = {
  EChart: EChartStub,
  useChartTheme: () => ({ name: 'dark' as const, palette: chartPalettes.dark }),
};

import type { CSSProperties } from 'react';
import { useEffect, useRef } from 'react';
import { usePreferences } from '../../stores/preferences';
import { type ChartPalette, type ChartThemeName, chartPalettes, chartThemeId } from './chart-theme';
import { type ChartOption, echarts } from './echarts';
import { withProductUnits } from './product-units';

export interface EChartProps {
  option: ChartOption;
  /** Height of the drawing area; the width follows the container. 320 px by default. */
  height?: CSSProperties['height'];
  /** What the chart shows, for screen readers (a canvas says nothing by itself). */
  ariaLabel: string;
  className?: string;
  /** `data-testid` of the chart's box. */
  testId?: string;
  /**
   * Gets the chart once it is drawn (and null when it is disposed), for events (a click on a node) and
   * exports (`getDataURL`). Called again after a theme switch draws a new chart.
   */
  onChart?: (chart: EChartInstance | null) => void;
}

/** A drawn chart, as {@link EChartProps.onChart} hands it out. */
export type EChartInstance = ReturnType<typeof echarts.init>;

/** The app theme as charts see it, with the palette for colours an option sets itself. */
export function useChartTheme(): { name: ChartThemeName; palette: ChartPalette } {
  const name = usePreferences((state) => state.theme);
  return { name, palette: chartPalettes[name] };
}

/**
 * Sets an option, replacing the previous one, with numbers in the product's units where the option
 * does not format them itself (withProductUnits). A chart that cannot draw its option (a map that is
 * not registered, a malformed series) reports it and stays empty rather than taking the page down.
 */
function applyOption(chart: ReturnType<typeof echarts.init>, option: ChartOption) {
  try {
    chart.setOption(withProductUnits(option), { notMerge: true });
  } catch (error) {
    console.error('chart option could not be drawn', error);
  }
}

/**
 * An ECharts canvas that follows the app: drawn with the `dso-dark` or `dso-light` theme (redrawn
 * when the user switches), resized with its box (ResizeObserver, so a tab or a sidebar that changes
 * the width is followed, not only the window), and disposed on unmount. Each new `option` replaces
 * the previous one (`notMerge`), so a series that disappears does not linger.
 *
 * A box of zero width (inside a hidden container) is not drawn until it gets a size: ECharts would
 * otherwise draw into 0×0 and warn.
 */
export function EChart({ option, height = 320, ariaLabel, className, testId, onChart }: EChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<ReturnType<typeof echarts.init> | null>(null);
  const optionRef = useRef(option);
  optionRef.current = option;
  const onChartRef = useRef(onChart);
  onChartRef.current = onChart;
  const theme = usePreferences((state) => state.theme);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const draw = () => {
      if (chartRef.current || box.clientWidth === 0 || box.clientHeight === 0) return;
      const chart = echarts.init(box, chartThemeId(theme), { renderer: 'canvas' });
      chartRef.current = chart;
      applyOption(chart, optionRef.current);
      onChartRef.current?.(chart);
    };
    draw();
    const observer = new ResizeObserver(() => {
      if (chartRef.current) chartRef.current.resize();
      else draw();
    });
    observer.observe(box);
    return () => {
      observer.disconnect();
      if (chartRef.current) onChartRef.current?.(null);
      chartRef.current?.dispose();
      chartRef.current = null;
    };
  }, [theme]);

  useEffect(() => {
    if (chartRef.current) applyOption(chartRef.current, option);
  }, [option]);

  return (
    <div
      ref={boxRef}
      className={['dso-echart', className].filter(Boolean).join(' ')}
      style={{ height, width: '100%' }}
      role="img"
      aria-label={ariaLabel}
      data-testid={testId}
    />
  );
}

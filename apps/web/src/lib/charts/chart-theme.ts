import type * as EChartsCore from 'echarts/core';

/** The app's colour scheme (`dccTheme`, 000 §3), which every chart follows. */
export type ChartThemeName = 'dark' | 'light';

/** Colours a chart option may need beyond the registered theme (gradients, map areas, marks). */
export interface ChartPalette {
  /** Series colours in order: brand blue first. */
  series: readonly string[];
  text: string;
  textMuted: string;
  axisLine: string;
  splitLine: string;
  tooltipBg: string;
  tooltipBorder: string;
  /** Map areas without data. */
  mapEmpty: string;
  mapBorder: string;
  /** The low and high ends of the map's value scale. */
  mapScale: readonly [string, string];
}

const series = ['#3b6cff', '#22c7a9', '#f5a524', '#ff6b8a', '#8b6cff', '#37b4ff', '#9ccc65'] as const;

export const chartPalettes: Record<ChartThemeName, ChartPalette> = {
  dark: {
    series,
    text: 'rgba(255, 255, 255, 0.85)',
    textMuted: 'rgba(255, 255, 255, 0.45)',
    axisLine: 'rgba(255, 255, 255, 0.18)',
    splitLine: 'rgba(255, 255, 255, 0.07)',
    tooltipBg: 'rgba(26, 31, 41, 0.96)',
    tooltipBorder: 'rgba(255, 255, 255, 0.1)',
    mapEmpty: '#1f2531',
    mapBorder: 'rgba(255, 255, 255, 0.16)',
    mapScale: ['#223a73', '#5b86ff'],
  },
  light: {
    series,
    text: 'rgba(0, 0, 0, 0.85)',
    textMuted: 'rgba(0, 0, 0, 0.45)',
    axisLine: 'rgba(0, 0, 0, 0.15)',
    splitLine: 'rgba(0, 0, 0, 0.06)',
    tooltipBg: 'rgba(255, 255, 255, 0.98)',
    tooltipBorder: 'rgba(0, 0, 0, 0.08)',
    mapEmpty: '#eef1f6',
    mapBorder: 'rgba(0, 0, 0, 0.12)',
    mapScale: ['#dbe5ff', '#3b6cff'],
  },
};

/** The registered ECharts theme name for an app theme. */
export const chartThemeId = (theme: ChartThemeName) => `dso-${theme}`;

function themeObject(palette: ChartPalette) {
  const axis = {
    axisLine: { lineStyle: { color: palette.axisLine } },
    axisTick: { show: false },
    axisLabel: { color: palette.textMuted },
    splitLine: { lineStyle: { color: palette.splitLine, type: 'dashed' } },
    nameTextStyle: { color: palette.textMuted },
  };
  return {
    color: [...palette.series],
    // The card behind the chart gives the background, in both themes.
    backgroundColor: 'transparent',
    textStyle: { color: palette.text, fontFamily: 'inherit' },
    legend: { textStyle: { color: palette.textMuted } },
    tooltip: {
      backgroundColor: palette.tooltipBg,
      borderColor: palette.tooltipBorder,
      textStyle: { color: palette.text },
      extraCssText: 'box-shadow: 0 8px 24px rgba(0,0,0,0.18); border-radius: 8px;',
    },
    categoryAxis: axis,
    valueAxis: axis,
    line: { symbol: 'circle', symbolSize: 6, smooth: false },
    bar: { itemStyle: { borderRadius: [4, 4, 0, 0] } },
  };
}

/** Registers `dso-dark` and `dso-light` once, at module load of the chart core. */
export function registerChartThemes(echarts: Pick<typeof EChartsCore, 'registerTheme'>) {
  for (const name of ['dark', 'light'] as const) {
    echarts.registerTheme(chartThemeId(name), themeObject(chartPalettes[name]));
  }
}

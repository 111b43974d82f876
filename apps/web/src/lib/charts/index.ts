/** Charts of the app: the ECharts core with the chart types used, the themed wrapper and the map loader. */
export { areaFade } from './area-fade';
export { BAR_MAX_WIDTH, countAxisLabel, measureAxisFor, valueAxisFor } from './axis';
export { legendedCategoryFrame } from './category-frame';
export { type ChartPalette, type ChartThemeName, chartPalettes } from './chart-theme';
export {
  type ChinaMapLevel,
  type ChinaMapStatus,
  chinaMapName,
  chinaMapRegionNames,
  loadChinaMap,
  useChinaMap,
} from './china-map';
export { EChart, type EChartInstance, type EChartProps, useChartTheme } from './e-chart';
export type { ChartOption } from './echarts';
export { productValueLabel, withProductUnits } from './product-units';
export { toMapRegionName } from './region-names';
export { axisRowTooltip, axisTooltipIndex, tooltipHtml, tooltipLines } from './tooltip-html';

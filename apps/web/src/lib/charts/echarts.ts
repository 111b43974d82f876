import type { BarSeriesOption, LineSeriesOption, MapSeriesOption, TreeSeriesOption } from 'echarts/charts';
import { BarChart, LineChart, MapChart, TreeChart } from 'echarts/charts';
import type {
  GeoComponentOption,
  GridComponentOption,
  LegendComponentOption,
  MarkLineComponentOption,
  TooltipComponentOption,
  VisualMapComponentOption,
} from 'echarts/components';
import {
  GeoComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { registerChartThemes } from './chart-theme';

// Only what the product draws is bundled (ARCHITECTURE: charts imported per chart type).
// Registering is this module's side effect, and importers only take the re-exported `echarts`: the
// web package's `sideEffects` list names this file so the bundle keeps it.
echarts.use([
  LineChart,
  BarChart,
  MapChart,
  TreeChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  MarkLineComponent,
  VisualMapComponent,
  GeoComponent,
  CanvasRenderer,
]);
registerChartThemes(echarts);

/** The option shape of every chart the app draws: line, bar, map and tree series with their components. */
export type ChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | MapSeriesOption
  | TreeSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | MarkLineComponentOption
  | VisualMapComponentOption
  | GeoComponentOption
>;

export { echarts };

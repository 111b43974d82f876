import type { PortraitShare } from '@dso/contract';
import { fractionToPercent, toPercent } from '@dso/domain';
import {
  BAR_MAX_WIDTH,
  type ChartOption,
  type ChartPalette,
  measureAxisFor,
  toMapRegionName,
  tooltipHtml,
} from '../../../lib/charts';

/** Age shares as bars, in the order the portrait gives the bands, labelled with their percent. */
export function ageChartOption(ages: readonly PortraitShare[], palette: ChartPalette): ChartOption {
  const percents = ages.map((item) => fractionToPercent(item.value, 2));
  return {
    grid: { left: 48, right: 16, top: 32, bottom: 28 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (_value: unknown, dataIndex: number) => toPercent(ages[dataIndex]?.value),
    },
    xAxis: { type: 'category', data: ages.map((item) => item.name) },
    yAxis: measureAxisFor(percents, { percent: true }),
    series: [
      {
        name: '占比',
        type: 'bar',
        barMaxWidth: BAR_MAX_WIDTH,
        data: percents,
        itemStyle: { color: palette.series[0], borderRadius: [4, 4, 0, 0] },
        label: {
          show: true,
          position: 'top',
          color: palette.textMuted,
          formatter: (item: { dataIndex: number }) => toPercent(ages[item.dataIndex]?.value),
        },
      },
    ],
  };
}

/**
 * The region map (002 §2): each province (or city) coloured by its share, scaled from 0 to the
 * largest share; names are matched to the map file's names. Areas without data keep the empty colour.
 */
export function regionMapOption(options: {
  map: string;
  shares: readonly PortraitShare[];
  mapNames: readonly string[];
  palette: ChartPalette;
}): ChartOption {
  const { palette } = options;
  // The tooltip names a region as the data does ('广东省') and gives its share with 2 decimals.
  const byMapName = new Map(options.shares.map((share) => [toMapRegionName(share.name, options.mapNames), share]));
  const data = [...byMapName].map(([name, share]) => ({ name, value: fractionToPercent(share.value, 2) }));
  const largest = Math.max(0, ...data.map((item) => item.value));
  return {
    tooltip: {
      trigger: 'item',
      formatter: (params: unknown) => {
        const name = (params as { name?: string }).name ?? '';
        const share = byMapName.get(name);
        return share ? tooltipHtml`${share.name}：${toPercent(share.value)}` : tooltipHtml`${name}：暂无数据`;
      },
    },
    visualMap: {
      type: 'continuous',
      min: 0,
      max: largest > 0 ? largest : 1,
      left: 8,
      bottom: 8,
      itemWidth: 10,
      itemHeight: 96,
      calculable: false,
      text: ['高', '低'],
      textStyle: { color: palette.textMuted },
      inRange: { color: [...palette.mapScale] },
    },
    series: [
      {
        type: 'map',
        map: options.map,
        roam: false,
        layoutCenter: ['50%', '55%'],
        layoutSize: '122%',
        data,
        label: { show: false },
        itemStyle: { areaColor: palette.mapEmpty, borderColor: palette.mapBorder, borderWidth: 0.6 },
        emphasis: {
          label: { show: false },
          itemStyle: { areaColor: palette.series[2] ?? '#f5a524' },
        },
        select: { disabled: true },
      },
    ],
  };
}

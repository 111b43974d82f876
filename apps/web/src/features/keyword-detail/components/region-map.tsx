import type { PortraitShare } from '@dso/contract';
import { Spin } from 'antd';
import { useMemo } from 'react';
import { NoData } from '../../../components';
import {
  type ChinaMapLevel,
  chinaMapName,
  chinaMapRegionNames,
  EChart,
  useChartTheme,
  useChinaMap,
} from '../../../lib/charts';
import { regionMapOption } from '../charts/audience-chart-options';

const MAP_HEIGHT = 400;

/** China coloured by share: provinces from /china.json, cities from /china-cities.json (002 §2, §7). */
export function RegionMap({ level, shares }: { level: ChinaMapLevel; shares: readonly PortraitShare[] }) {
  const status = useChinaMap(level);
  const { palette } = useChartTheme();
  const option = useMemo(
    () =>
      status === 'ready'
        ? regionMapOption({ map: chinaMapName[level], shares, mapNames: chinaMapRegionNames(level), palette })
        : null,
    [status, level, shares, palette],
  );
  if (status === 'error') return <NoData size="small" text="地图加载失败，请刷新重试" style={{ height: MAP_HEIGHT }} />;
  if (!option) {
    return (
      <div className="kd-map-loading" style={{ height: MAP_HEIGHT }}>
        <Spin />
      </div>
    );
  }
  return (
    <EChart
      option={option}
      height={MAP_HEIGHT}
      ariaLabel={level === 'province' ? '观众省份分布地图' : '观众城市分布地图'}
      testId="region-map"
    />
  );
}

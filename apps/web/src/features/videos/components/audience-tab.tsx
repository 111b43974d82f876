import { type AudiencePortrait, type PortraitShare, videoLimits, videoMessages } from '@dso/contract';
import { fractionToPercent, toPercent } from '@dso/domain';
import { Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { GenderShare, NoData, RegionLevelSwitch } from '../../../components';
import {
  type ChartOption,
  type ChinaMapLevel,
  chinaMapName,
  chinaMapRegionNames,
  EChart,
  toMapRegionName,
  useChartTheme,
  useChinaMap,
} from '../../../lib/charts';
import { isEmptyPortrait, topShares } from '../../../lib/portrait';
import { useVideoPortrait } from '../api/get-video-portrait';
import { TabFailure } from './refusal';

/** Top shares, largest first, each bar scaled to the largest, the share as a percent with 2 decimals. */
export function ShareList({
  items,
  keepOrder = false,
  testId,
}: {
  items: readonly PortraitShare[];
  keepOrder?: boolean;
  testId: string;
}) {
  const rows = topShares(items, videoLimits.portraitTopRegions, keepOrder);
  if (rows.length === 0) return <NoData size="small" />;
  const largest = Math.max(...rows.map((row) => row.value));
  return (
    <ol className="vd-share-list" data-testid={testId}>
      {rows.map((row) => (
        <li key={row.name} className="vd-share-list__row">
          <span className="vd-share-list__name">{row.name}</span>
          <span className="vd-share-list__track" aria-hidden="true">
            <span
              className="vd-share-list__bar"
              data-testid="share-bar"
              style={{ width: `${largest > 0 ? (row.value / largest) * 100 : 0}%` }}
            />
          </span>
          <span className="vd-share-list__percent">{toPercent(row.value, 2)}</span>
        </li>
      ))}
    </ol>
  );
}

function barOption(shares: readonly PortraitShare[], color: string): ChartOption {
  return {
    color: [color],
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 16, top: 16, bottom: 28 },
    xAxis: { type: 'category', data: shares.map((share) => share.name) },
    yAxis: { type: 'value', axisLabel: { formatter: '{value}%' } },
    series: [{ type: 'bar', barMaxWidth: 24, data: shares.map((share) => fractionToPercent(share.value, 2)) }],
  };
}

function mapOption(level: ChinaMapLevel, shares: readonly PortraitShare[], color: string): ChartOption {
  const names = chinaMapRegionNames(level);
  const data = shares.map((share) => ({
    name: toMapRegionName(share.name, names),
    value: fractionToPercent(share.value, 2),
  }));
  return {
    tooltip: { trigger: 'item', formatter: '{b}：{c}%' },
    visualMap: {
      min: 0,
      max: Math.max(1, ...data.map((item) => item.value)),
      inRange: { color: ['#e8eefc', color] },
      show: false,
    },
    series: [{ type: 'map', map: chinaMapName[level], roam: false, data }],
  };
}

function RegionMap({
  level,
  shares,
  color,
}: {
  level: ChinaMapLevel;
  shares: readonly PortraitShare[];
  color: string;
}) {
  const status = useChinaMap(level);
  const option = useMemo(
    () => (status === 'ready' ? mapOption(level, shares, color) : null),
    [status, level, shares, color],
  );
  if (status === 'error') return <NoData size="small" text="地图加载失败，请刷新重试" />;
  if (!option) return <Skeleton.Node active style={{ width: 360, height: 300 }} />;
  return <EChart option={option} height={300} ariaLabel="观众地区分布地图" testId="region-map" />;
}

/**
 * 观众分析 (002 §2): gender, age, the province/city map with the top-10 lists, and the city levels;
 * 暂无观众画像 without a portrait, 暂无地区分布 without regions.
 */
export function AudienceTab({ awemeId }: { awemeId: string }) {
  const query = useVideoPortrait(awemeId);
  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.isError) return <TabFailure error={query.error} type="portrait" onRetry={() => void query.refetch()} />;
  return <AudienceView portrait={query.data} />;
}

/**
 * A loaded audience portrait, of a video or of a creator (person detail's audience tab): gender, age,
 * the province/city map with the top-10 lists, and the city levels; 暂无观众画像 without a portrait.
 */
export function AudienceView({ portrait }: { portrait: AudiencePortrait }) {
  const { palette } = useChartTheme();
  const color = palette.series[0] ?? '#3b6cff';
  const [level, setLevel] = useState<ChinaMapLevel>('province');
  if (isEmptyPortrait(portrait)) return <NoData text={portrait.empty_text ?? videoMessages.noPortrait} />;
  const hasRegions = portrait.province_more.length > 0 || portrait.city_more.length > 0;
  const shares = level === 'province' ? portrait.province_more : portrait.city_more;
  return (
    <div className="vd-stack" data-testid="audience-tab">
      <div className="vd-grid">
        <section className="vd-card">
          <h3 className="vd-card__title">性别分布</h3>
          <GenderShare items={portrait.gender_more} />
        </section>
        <section className="vd-card">
          <h3 className="vd-card__title">年龄分布</h3>
          {portrait.age_more.length > 0 ? (
            <EChart
              option={barOption(portrait.age_more, color)}
              height={220}
              ariaLabel="观众年龄分布"
              testId="age-chart"
            />
          ) : (
            <NoData size="small" />
          )}
        </section>
      </div>
      <section className="vd-card">
        <header className="vd-card__header">
          <h3 className="vd-card__title">地域分布</h3>
          {hasRegions && <RegionLevelSwitch value={level} onChange={setLevel} />}
        </header>
        {hasRegions ? (
          <div className="vd-grid">
            <RegionMap level={level} shares={shares} color={color} />
            <ShareList items={shares} testId={`${level}-top10`} />
          </div>
        ) : (
          <NoData text={portrait.region_empty_text ?? videoMessages.noRegion} />
        )}
      </section>
      <section className="vd-card">
        <h3 className="vd-card__title">城市等级</h3>
        <ShareList items={portrait.city_level_more} keepOrder testId="city-level-list" />
      </section>
    </div>
  );
}

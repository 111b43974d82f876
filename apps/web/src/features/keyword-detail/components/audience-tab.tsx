import type { KeywordPortrait, PortraitShare } from '@dso/contract';
import { toPercent } from '@dso/domain';
import { Skeleton, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { GenderShare, isRefusal, LoadFailed, NoData, RefusalPanel, RegionLevelSwitch } from '../../../components';
import { EChart, useChartTheme } from '../../../lib/charts';
import { isEmptyPortrait } from '../../../lib/portrait';
import type { KeywordRef } from '../api/get-keyword-detail';
import { useKeywordPortrait } from '../api/get-keyword-portrait';
import { ageChartOption } from '../charts/audience-chart-options';
import { DetailCard } from './detail-card';
import { RegionMap } from './region-map';
import { ShareList } from './share-list';

/** The audience texts of 002 §8. */
export const NO_PORTRAIT_TEXT = '暂无观众画像';
export const NO_REGION_TEXT = '暂无地区分布';
/** The mark of a portrait the source does not give, estimated from the word's industry. */
export const ESTIMATED_TEXT = '估算';
export const ESTIMATED_HINT = '该词暂无平台画像，按同行业有画像的词估算，仅供参考';

/** The largest share of a distribution, or null for an empty one. */
function leading(list: readonly PortraitShare[]): PortraitShare | null {
  return list.reduce<PortraitShare | null>((best, item) => (best && best.value >= item.value ? best : item), null);
}

/** The portrait in four lines: who searches the word most. */
function PortraitHighlights({ portrait }: { portrait: KeywordPortrait }) {
  const gender = leading(portrait.gender_more);
  const rows = [
    {
      label: '主要人群',
      share: gender
        ? { ...gender, name: gender.name === '女' ? '女性' : gender.name === '男' ? '男性' : gender.name }
        : null,
    },
    { label: '主力年龄', share: leading(portrait.age_more) },
    { label: '主要城市等级', share: leading(portrait.city_level_more) },
    { label: '第一省份', share: leading(portrait.province_more) },
  ];
  return (
    <dl className="kd-highlights" data-testid="portrait-highlights">
      {rows.map(({ label, share }) => (
        <div key={label} className="kd-highlights__row">
          <dt>{label}</dt>
          <dd>
            {share ? (
              <>
                <b>{share.name}</b> {toPercent(share.value)}
              </>
            ) : (
              '--'
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function AgeChart({ portrait }: { portrait: KeywordPortrait }) {
  const { palette } = useChartTheme();
  const option = useMemo(() => ageChartOption(portrait.age_more, palette), [portrait.age_more, palette]);
  if (portrait.age_more.length === 0) return <NoData size="small" />;
  return <EChart option={option} height={240} ariaLabel="观众年龄分布" testId="age-chart" />;
}

function RegionCard({ portrait }: { portrait: KeywordPortrait }) {
  const [level, setLevel] = useState<'province' | 'city'>('province');
  const shares = level === 'province' ? portrait.province_more : portrait.city_more;
  const hasRegions = portrait.province_more.length > 0 || portrait.city_more.length > 0;
  return (
    <DetailCard
      title="地域分布"
      extra={hasRegions && <RegionLevelSwitch value={level} onChange={setLevel} />}
      testId="region-card"
    >
      {hasRegions ? (
        <div className="kd-grid kd-grid--region">
          <RegionMap level={level} shares={shares} />
          <div>
            <h3 className="kd-subtitle">{level === 'province' ? '省份' : '城市'} TOP10</h3>
            <ShareList items={shares} emptyText={NO_REGION_TEXT} testId={`${level}-top10`} />
          </div>
        </div>
      ) : (
        <NoData text={NO_REGION_TEXT} />
      )}
    </DetailCard>
  );
}

/**
 * The audience tab (002 §2): gender with the gender-share widget, age as bars, the region map with
 * the top 10 provinces and cities (bars scaled to the largest, percent with 2 decimals) and the city
 * levels. 暂无观众画像 when the keyword has no portrait; a missing right shows the no-permission panel.
 * A portrait estimated from the word's industry (the source gives none) carries 估算 by its date.
 */
export function AudienceTab({ keywordRef }: { keywordRef: KeywordRef }) {
  const query = useKeywordPortrait(keywordRef);
  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} className="section-card kd-card" />;
  if (query.isError) {
    if (isRefusal(query.error)) return <RefusalPanel error={query.error} type="portrait" height={420} />;
    return (
      <section className="section-card kd-card">
        <LoadFailed className="kd-retry" message="人群画像加载失败" onRetry={() => void query.refetch()} />
      </section>
    );
  }
  const portrait = query.data;
  if (isEmptyPortrait(portrait)) {
    return (
      <section className="section-card kd-card" data-testid="audience-tab">
        <NoData text={portrait.empty_text ?? NO_PORTRAIT_TEXT} />
      </section>
    );
  }
  return (
    <div className="kd-stack" data-testid="audience-tab">
      <div className="kd-grid kd-grid--audience">
        <DetailCard
          title="性别分布"
          extra={
            <span className="kd-card__extra">
              {portrait.estimated && (
                <Tooltip title={ESTIMATED_HINT}>
                  <Tag
                    color="orange"
                    data-testid="portrait-estimated"
                    aria-label={`${ESTIMATED_TEXT}：${ESTIMATED_HINT}`}
                  >
                    {ESTIMATED_TEXT}
                  </Tag>
                </Tooltip>
              )}
              {portrait.as_of && `截至 ${portrait.as_of}`}
            </span>
          }
        >
          <GenderShare items={portrait.gender_more} className="kd-gender" />
          <PortraitHighlights portrait={portrait} />
        </DetailCard>
        <DetailCard title="年龄分布">
          <AgeChart portrait={portrait} />
        </DetailCard>
        <DetailCard title="城市等级">
          <ShareList items={portrait.city_level_more} keepOrder testId="city-level-list" />
        </DetailCard>
      </div>
      <RegionCard portrait={portrait} />
    </div>
  );
}

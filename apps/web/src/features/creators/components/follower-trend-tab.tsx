import type { CreatorFollowerTrend } from '@dso/contract';
import { videoLimits, videoMessages } from '@dso/contract';
import { Segmented, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { NoData } from '../../../components';
import { type ChartOption, countAxisLabel, EChart, legendedCategoryFrame, useChartTheme } from '../../../lib/charts';
import { TabFailure } from '../../videos/audience';
import { type FollowerTrendPeriod, followerTrendPeriods, useFollowerTrend } from '../api/get-follower-trend';

/** Followers as a line and the daily change as bars, one point a day; a day of unfollows is a fall and a bar below 0. */
export function followerTrendOption(trend: CreatorFollowerTrend, colors: readonly string[]): ChartOption {
  return {
    ...legendedCategoryFrame(
      colors,
      trend.points.map((point) => point.day.slice(5)),
      { left: 56, right: 56, top: 36, bottom: 32 },
    ),
    yAxis: [
      { type: 'value', name: '粉丝数', scale: true, splitNumber: 5, axisLabel: { formatter: countAxisLabel } },
      { type: 'value', name: '涨粉', splitNumber: 5, axisLabel: { formatter: countAxisLabel } },
    ],
    series: [
      {
        type: 'line',
        name: '粉丝数',
        // Straight segments: a spline would round a day's fall into the days around it.
        smooth: false,
        showSymbol: false,
        data: trend.points.map((point) => point.follower_count),
      },
      {
        type: 'bar',
        name: '涨粉',
        yAxisIndex: 1,
        barMaxWidth: 24,
        data: trend.points.map((point) => point.increment),
      },
    ],
  };
}

/** 粉丝趋势: the last 7, 30 or 90 days of followers; fewer than two days say 数据较少，暂时无法分析. */
export function FollowerTrendTab({ userId }: { userId: string }) {
  const [days, setDays] = useState<FollowerTrendPeriod>(30);
  const query = useFollowerTrend(userId, days);
  const { palette } = useChartTheme();
  const trend = query.data;
  const option = useMemo(() => (trend ? followerTrendOption(trend, palette.series) : null), [trend, palette]);
  let body: React.ReactNode;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (query.isError) body = <TabFailure error={query.error} type="creator" onRetry={() => void query.refetch()} />;
  else if (!trend || trend.points.length < videoLimits.trendMinPoints || !option)
    body = <NoData text={videoMessages.trendTooFew} />;
  else body = <EChart option={option} height={320} ariaLabel="粉丝趋势" testId="follower-trend-chart" />;
  return (
    <section className="cr-tab cr-card" data-testid="follower-trend-tab">
      <div className="cr-toolbar">
        <h3 className="cr-card__title">粉丝趋势{trend?.as_of ? <small>（截至 {trend.as_of}）</small> : null}</h3>
        <Segmented
          value={days}
          options={followerTrendPeriods.map((period) => ({ value: period, label: `近${period}天` }))}
          onChange={(value) => setDays(value as FollowerTrendPeriod)}
        />
      </div>
      {body}
    </section>
  );
}

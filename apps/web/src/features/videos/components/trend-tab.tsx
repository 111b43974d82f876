import { type VideoTrend, videoLimits, videoMessages } from '@dso/contract';
import { formatTime } from '@dso/domain';
import { Skeleton, Tooltip } from 'antd';
import { useMemo } from 'react';
import { NoData } from '../../../components';
import { type ChartOption, EChart, legendedCategoryFrame, useChartTheme } from '../../../lib/charts';
import { useVideoTrend } from '../api/get-video-trend';
import { TabFailure } from './refusal';

const series = [
  { key: 'good_value', name: '点赞' },
  { key: 'comment_value', name: '评论' },
  { key: 'share_value', name: '分享' },
  { key: 'collect_value', name: '收藏' },
] as const;

/** The 48-hour trend as lines of the cumulative counts, one point an hour. */
export function trendOption(points: VideoTrend, colors: readonly string[]): ChartOption {
  return {
    ...legendedCategoryFrame(
      colors,
      points.map((point) => formatTime(point.create_time * 1000, 'MM-DD HH:mm')),
      { left: 48, right: 16, top: 36, bottom: 32 },
    ),
    yAxis: { type: 'value' },
    series: series.map(({ key, name }) => ({
      type: 'line',
      name,
      smooth: true,
      showSymbol: false,
      data: points.map((point) => point[key]),
    })),
  };
}

/** 视频数据 (002 §2): the first 48 hours after posting; too few points say 数据较少，暂时无法分析. */
export function TrendTab({ awemeId }: { awemeId: string }) {
  const query = useVideoTrend(awemeId);
  const { palette } = useChartTheme();
  const points = query.data;
  const option = useMemo(() => (points ? trendOption(points, palette.series) : null), [points, palette]);
  if (query.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (query.isError) return <TabFailure error={query.error} type="video" onRetry={() => void query.refetch()} />;
  return (
    <section className="vd-card">
      <header className="vd-card__header">
        <h3 className="vd-card__title">视频数据趋势</h3>
        <Tooltip title={videoMessages.trendTooltip}>
          <span className="vd-card__hint" title={videoMessages.trendTooltip} data-testid="trend-tip">
            ⓘ
          </span>
        </Tooltip>
      </header>
      {!points || points.length < videoLimits.trendMinPoints || !option ? (
        <NoData text={videoMessages.trendTooFew} />
      ) : (
        <EChart option={option} height={300} ariaLabel="视频数据趋势" testId="video-trend-chart" />
      )}
    </section>
  );
}

import { type LiveDetail, videoLimits, videoMessages } from '@dso/contract';
import { useMemo } from 'react';
import { NoData } from '../../../components';
import { EChart, useChartTheme } from '../../../lib/charts';
import { liveCurveOption } from '../charts/live-chart-option';

/** The session's online, entering and sales curves per minute; too few minutes: 数据较少，暂时无法分析. */
export function LiveCurveCard({ live, height = 320 }: { live: LiveDetail; height?: number }) {
  const { palette } = useChartTheme();
  const option = useMemo(() => liveCurveOption(live, palette), [live, palette]);
  const enough = live.minutes.length >= videoLimits.trendMinPoints;
  return (
    <section className="section-card" data-testid="live-curve-card">
      <header className="lv-card__header">
        <h2 className="section-card__title">直播数据趋势</h2>
        <span className="lv-muted">每分钟在线人数、进场人数与销售额{live.banded && ' · 销售数据按区间展示'}</span>
      </header>
      {enough ? (
        <EChart option={option} height={height} ariaLabel="直播每分钟在线人数、进场人数与销售额" testId="live-chart" />
      ) : (
        <NoData text={videoMessages.trendTooFew} size="small" />
      )}
    </section>
  );
}

import type { KeywordDetail } from '@dso/contract';
import { PlatformComparison } from './platform-comparison';
import { TrendCard } from './trend-card';

/** The overview tab: the daily trend and the word on every platform. */
export function OverviewTab({ detail }: { detail: KeywordDetail }) {
  return (
    <div className="kd-stack" data-testid="overview-tab">
      <TrendCard
        keywordRef={{
          platform: detail.keyword.platform,
          country: detail.keyword.country || undefined,
          keyword: detail.keyword.keyword,
        }}
        trend={detail.trend}
      />
      <PlatformComparison
        keyword={detail.keyword.keyword}
        current={{ platform: detail.keyword.platform, country: detail.keyword.country }}
        platforms={detail.platforms}
      />
    </div>
  );
}

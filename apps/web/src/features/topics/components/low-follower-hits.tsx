import { videoLimits } from '@dso/contract';
import { Select } from 'antd';
import { useCreatorFields, useLowFollowerHits } from '../api/topic-lists';
import { TOPIC_LOAD_EVENT } from '../topics';
import { VideoFeed } from './video-feed';

const maxFollowersText = `${videoLimits.lowFollowerMaxFollowers / 10_000}万`;

/**
 * Small accounts' breakout works (lowPowderPop): accounts with at most 10万 followers and works with
 * at least 10 likes per follower, newest first, optionally of one field (领域) kept in the address.
 */
export function LowFollowerHits({ field, onField }: { field: string | null; onField(field: string | null): void }) {
  const query = useLowFollowerHits(field);
  const fields = useCreatorFields();
  return (
    <section className="tp-section" data-testid="low-follower-hits">
      <div className="tp-toolbar">
        <span className="tp-muted">
          粉丝数不超过{maxFollowersText}、点赞数达到粉丝数{videoLimits.lowFollowerMinLikesPerFollower}倍以上的作品
        </span>
        <Select
          className="tp-field"
          allowClear
          placeholder="全部领域"
          aria-label="领域"
          value={field ?? undefined}
          onChange={(value?: string) => onField(value ?? null)}
          options={(fields.data ?? []).map((item) => ({ value: item.name, label: item.name }))}
          loading={fields.isPending}
        />
      </div>
      <VideoFeed
        query={query}
        loadEvent={TOPIC_LOAD_EVENT}
        emptyText={field ? `${field}领域暂无低粉爆款作品` : '暂无低粉爆款作品'}
        label="低粉爆款作品"
      />
    </section>
  );
}

import { Skeleton } from 'antd';
import { AudienceView, TabFailure } from '../../videos/audience';
import { useCreatorPortrait } from '../api/get-creator-portrait';

/**
 * 粉丝画像: the creator's audience in the video panel's audience view; without
 * VIDEO_LIBRARY_DETAIL_USER_PORTRAIT the upgrade panel takes the tab's place.
 */
export function CreatorAudienceTab({ userId }: { userId: string }) {
  const query = useCreatorPortrait(userId);
  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.isError) return <TabFailure error={query.error} type="portrait" onRetry={() => void query.refetch()} />;
  return (
    <section className="cr-tab" data-testid="creator-audience-tab">
      <AudienceView portrait={query.data} />
    </section>
  );
}

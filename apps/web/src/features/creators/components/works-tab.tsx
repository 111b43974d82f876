import type { VideoSort } from '@dso/contract';
import { Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { FeedFooter, LoadFailed, NoData } from '../../../components';
import { useListFeed } from '../../../components/list-footer/use-list-feed';
import { useSession } from '../../../stores/session';
import { BatchExtractionBar, useExtractionSelection } from '../../extraction';
import { VideoGrid } from '../../videos';
import { useCreatorVideos, WORKS_PAGE_SIZE } from '../api/get-creator-videos';

/**
 * 作品: the creator's works as the shared video grid (each opens the video detail dialog) under the batch
 * extraction bar, newest or most liked first, more with 点击加载更多 up to the viewer's rows.
 */
export function WorksTab({ userId }: { userId: string }) {
  const token = useSession((state) => state.token);
  const [sort, setSort] = useState<VideoSort>('create_time');
  const query = useCreatorVideos(userId, sort, token ? 'user' : 'guest');
  const feed = useListFeed(query, { pageSize: WORKS_PAGE_SIZE });
  const { rows, total } = feed;
  // 002 §2: the works carry the batch extraction bar like every video list.
  const selection = useExtractionSelection();
  let body: React.ReactNode;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (query.isError) {
    body = <LoadFailed className="cr-empty" message="作品加载失败" onRetry={() => void query.refetch()} />;
  } else if (rows.length === 0) body = <NoData text="该达人暂无作品" />;
  else {
    body = (
      <>
        <BatchExtractionBar selection={selection} videos={rows} />
        <VideoGrid videos={rows} hideCreator label="达人作品" selection={selection} />
        <FeedFooter feed={feed} className="cr-footer" />
      </>
    );
  }
  return (
    <section className="cr-tab" data-testid="works-tab">
      <div className="cr-toolbar">
        <span className="cr-toolbar__label">{total !== null ? `共 ${total} 个作品` : '作品'}</span>
        <Segmented
          value={sort}
          options={[
            { value: 'create_time', label: '最新发布' },
            { value: 'good_count', label: '最多点赞' },
          ]}
          onChange={(value) => setSort(value as VideoSort)}
        />
      </div>
      {body}
    </section>
  );
}

import { platformIdSchema, videoMessages } from '@dso/contract';
import { Button, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { DemoBanner, NoData } from '../../../components';
import { useVideoDetail } from '../api/get-video-detail';
import { AudienceTab } from './audience-tab';
import { CommentsTab } from './comments-tab';
import { KeywordsTab } from './keywords-tab';
import { TrendTab } from './trend-tab';
import { VideoHead } from './video-head';
import '../videos.css';

type TabKey = 'data' | 'keywords' | 'comments' | 'audience';

/**
 * The video detail panel (002 §2), shared by the 900 px dialog and /videoDetail/{id}: the head, then
 * four tabs, each loaded the first time it is opened. No usable id: 链接丢失啦，请稍后再试~.
 */
export function VideoDetailPanel({ awemeId }: { awemeId: string | null | undefined }) {
  const parsed = platformIdSchema.safeParse(awemeId ?? '');
  if (!parsed.success) return <NoData text={videoMessages.linkMissing} />;
  return <LoadedPanel key={parsed.data} awemeId={parsed.data} />;
}

function LoadedPanel({ awemeId }: { awemeId: string }) {
  const query = useVideoDetail(awemeId);
  const [tab, setTab] = useState<TabKey>('data');
  if (query.isPending) return <Skeleton active avatar paragraph={{ rows: 6 }} />;
  if (query.isError) {
    return (
      <div className="vd-failure">
        <NoData text={query.error.message || videoMessages.videoNotFound} />
        <Button onClick={() => void query.refetch()}>重新加载</Button>
      </div>
    );
  }
  const video = query.data;
  return (
    <div className="vd-panel" data-testid="video-detail-panel">
      {video.is_demo && <DemoBanner />}
      <VideoHead video={video} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        destroyOnHidden={false}
        items={[
          { key: 'data', label: '视频数据', children: <TrendTab awemeId={awemeId} /> },
          {
            key: 'keywords',
            label: '关联关键词',
            children: <KeywordsTab awemeId={awemeId} wordNew={video.word_new} />,
          },
          { key: 'comments', label: '评论详情', children: <CommentsTab awemeId={awemeId} /> },
          { key: 'audience', label: '观众分析', children: <AudienceTab awemeId={awemeId} /> },
        ]}
      />
    </div>
  );
}

import { platformIdSchema, type VideoDetail, videoMessages, videoTabAliases } from '@dso/contract';
import { Tabs } from 'antd';
import { type ReactNode, useState } from 'react';
import { DemoBanner, FeatureTierBadge, NoData, type NoPermissionFeature, RecordLoading } from '../../../components';
import { useVideoDetail } from '../api/get-video-detail';
import { AudienceTab } from './audience-tab';
import { CommentsTab } from './comments-tab';
import { KeywordsTab } from './keywords-tab';
import { TabLoginGate } from './refusal';
import { TrendTab } from './trend-tab';
import { VideoHead } from './video-head';
import '../videos.css';

/**
 * The four tabs (002 §2), keyed as `videoTabAliases` names their permission flags (002 §5), with the
 * sample picture each one's login or upgrade panel shows.
 */
const videoTabs = [
  {
    key: 'data',
    label: '视频数据',
    sample: 'video',
    body: (awemeId: string) => <TrendTab awemeId={awemeId} />,
  },
  {
    key: 'keywords',
    label: '关联关键词',
    sample: 'keyword',
    body: (awemeId: string, video: VideoDetail) => <KeywordsTab awemeId={awemeId} wordNew={video.word_new} />,
  },
  {
    key: 'comments',
    label: '评论详情',
    sample: 'comment',
    body: (awemeId: string) => <CommentsTab awemeId={awemeId} />,
  },
  {
    key: 'audience',
    label: '观众分析',
    sample: 'portrait',
    body: (awemeId: string) => <AudienceTab awemeId={awemeId} />,
  },
] as const satisfies readonly {
  key: keyof typeof videoTabAliases;
  label: string;
  sample: NoPermissionFeature;
  body(awemeId: string, video: VideoDetail): ReactNode;
}[];
type TabKey = (typeof videoTabs)[number]['key'];

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
  if (!query.isSuccess) {
    return <RecordLoading query={query} className="vd-failure" notFound={videoMessages.videoNotFound} />;
  }
  const video = query.data;
  return (
    <div className="vd-panel" data-testid="video-detail-panel">
      {video.is_example && <DemoBanner />}
      <VideoHead video={video} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        destroyOnHidden={false}
        items={videoTabs.map((item) => ({
          key: item.key,
          label: (
            <span className="dso-tab-label">
              {item.label}
              <FeatureTierBadge alias={videoTabAliases[item.key]} />
            </span>
          ),
          children: <TabLoginGate type={item.sample}>{item.body(awemeId, video)}</TabLoginGate>,
        }))}
      />
    </div>
  );
}

import type { VideoSort } from '@dso/contract';
import { Segmented } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useVideoSearch } from '../api/topic-lists';
import { TOPIC_LOAD_EVENT } from '../topics';
import { VideoFeed } from './video-feed';

const sorts: Array<{ value: VideoSort; label: string }> = [
  { value: 'good_count', label: '最多点赞' },
  { value: 'create_time', label: '最新发布' },
];

/** Works whose title holds the keyword (header search 视频), most liked or newest first. */
export function VideoSearchResults({ keyword }: { keyword: string }) {
  const [sort, setSort] = useState<VideoSort>('good_count');
  const query = useVideoSearch(keyword, sort);
  const total = query.data?.pages[0];
  return (
    <section className="tp-section" data-testid="video-search">
      <div className="tp-toolbar">
        <span>
          标题包含“<b>{keyword}</b>”的视频
          {total && (
            <span className="tp-muted">
              {' '}
              共 {total.total_record}
              {total.total_estimated ? '+' : ''} 条
            </span>
          )}
          <Link className="tp-link tp-clear" to="/DouyinTopic/searchWord">
            返回视频选题
          </Link>
        </span>
        <Segmented value={sort} onChange={(value) => setSort(value as VideoSort)} options={sorts} />
      </div>
      <VideoFeed
        query={query}
        loadEvent={TOPIC_LOAD_EVENT}
        highlight={keyword}
        emptyText={`没有找到标题包含“${keyword}”的视频`}
        label="视频搜索结果"
      />
    </section>
  );
}

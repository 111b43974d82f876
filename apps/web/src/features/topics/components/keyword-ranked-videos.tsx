import { RightOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import { Link } from 'react-router';
import { NoData } from '../../../components';
import { VideoGrid } from '../../videos';
import { useKeywordRank } from '../api/topic-lists';
import { keywordRankPath } from '../topics';
import '../topics.css';

/** Works the section shows before 查看全部排名作品. */
const SECTION_ROWS = 10;

/**
 * The works behind a DSO keyword on its detail page: the top of its ranked works of the latest day,
 * each opening the video dialog, and a link to all of them on /DouyinKeywordSearchRank.
 */
export function KeywordRankedVideos({ keyword }: { keyword: string }) {
  const query = useKeywordRank(keyword, null, SECTION_ROWS);
  const first = query.data?.pages[0];
  const rows = first?.result ?? [];
  return (
    <section className="tp-keyword-videos section-card" data-testid="keyword-ranked-videos" aria-label="关键词下的作品">
      <div className="tp-toolbar">
        <h3 className="tp-keyword-videos__title">
          搜索排名作品
          {first?.as_of && <span className="tp-muted"> · 排名日期 {first.as_of}</span>}
        </h3>
        <Link className="tp-link" to={keywordRankPath(keyword)}>
          查看全部排名作品 <RightOutlined aria-hidden />
        </Link>
      </div>
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : rows.length === 0 ? (
        <NoData size="small" text="暂无该关键词的排名作品" />
      ) : (
        <VideoGrid videos={rows} badge={(video) => `第${video.rank}名`} label="搜索排名作品" />
      )}
    </section>
  );
}

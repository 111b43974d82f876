import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { LowFollowerHits } from '../components/low-follower-hits';
import { TopicRankList } from '../components/topic-rank-list';
import { VideoSearchBox } from '../components/video-search-box';
import { VideoSearchResults } from '../components/video-search-results';
import { topicTabs, toTopicTab, videoSearchPath } from '../topics';
import '../topics.css';
import { IconTab, PageHero } from '../../../components';
import { withSearchParams } from '../../../lib/search-params';

const FIELD_PARAM = 'field';

/** The line under the page's title. */
const HERO_SUBTITLE = '每日热门的视频与图文话题、低粉爆款作品，点开任一作品查看视频详情';

/**
 * /DouyinTopic/{tabVal}: the material library. 视频选题 and 图文选题 list the day's topics (a topic
 * opens its works); 低粉爆款 lists small accounts' breakout works by field. A title search (the box
 * here, or the header's 视频 type) shows the works matching `?keyword=` on the 视频选题 tab. Every list
 * loads on as the page scrolls, and every work opens the video detail dialog.
 */
export default function DouyinTopicPage() {
  const { tabVal } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const tab = toTopicTab(tabVal);
  if (tab === null) return <Navigate to="/DouyinTopic/searchWord" replace />;
  const keyword = tab === 'searchWord' ? (params.get('keyword')?.trim() ?? '') : '';
  const field = params.get(FIELD_PARAM)?.trim() || null;
  const active = topicTabs.find((item) => item.tab === tab) ?? topicTabs[0]!;

  const chooseField = (next: string | null) =>
    setParams(withSearchParams(params, { [FIELD_PARAM]: next || null }), { replace: true });

  let content: React.ReactNode;
  if (keyword) content = <VideoSearchResults key={keyword} keyword={keyword} />;
  else if (active.kind) content = <TopicRankList key={active.kind} kind={active.kind} />;
  else content = <LowFollowerHits field={field} onField={chooseField} />;

  return (
    <div className="page-column tp-page" data-testid="douyin-topic-page">
      <PageHero title="选题素材库" subtitle={HERO_SUBTITLE} className="tp-hero">
        <VideoSearchBox keyword={keyword} onSearch={(word) => void navigate(videoSearchPath(word))} />
      </PageHero>
      <nav className="tp-tabs" aria-label="素材分类">
        {topicTabs.map((item) => (
          <IconTab
            key={item.tab}
            to={`/DouyinTopic/${item.tab}`}
            icon={item.icon}
            name={item.name}
            description={item.description}
            selected={item.tab === tab && !keyword}
            block="tp-tab"
          />
        ))}
      </nav>
      {content}
    </div>
  );
}

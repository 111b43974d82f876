import { Breadcrumb } from 'antd';
import { Link, useLocation, useSearchParams } from 'react-router';
import { platforms } from '../lib/platforms';

/** The topic detail's parent is the TikTok topic board, not a platform library. */
const TOPIC_DETAIL = { prefix: '/TsoKeyWordTopicDetail', name: 'TikTok话题榜', to: '/KeywordTSOList/ecoTopic' };

/** The library each keyword-detail page belongs to, by its path prefix (from the one platform table). */
const libraries: { prefix: string; name: string; to: string }[] = [
  ...platforms.map((platform) => ({
    prefix: platform.detailRoot,
    name: `${platform.name}关键词库`,
    to: `${platform.root}/searchWord`,
  })),
  TOPIC_DETAIL,
];

/** 首页 / the platform's library / 关键词详情, on keyword-detail pages only (000 §2.4). */
export function KeywordBreadcrumb() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const library = libraries.find((item) => pathname === item.prefix || pathname.startsWith(`${item.prefix}/`));
  const keyword = params.get('keyword')?.trim();
  const isTopic = library === TOPIC_DETAIL;
  const detail = isTopic ? '话题详情' : '关键词详情';
  return (
    <div className="keyword-breadcrumb" data-testid="keyword-breadcrumb">
      <Breadcrumb
        items={[
          { title: <Link to="/">首页</Link> },
          ...(library ? [{ title: <Link to={library.to}>{library.name}</Link> }] : []),
          { title: keyword ? `${detail}：${keyword}` : detail },
        ]}
      />
    </div>
  );
}

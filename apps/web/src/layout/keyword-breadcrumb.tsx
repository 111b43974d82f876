import { Breadcrumb } from 'antd';
import { Link, useLocation, useSearchParams } from 'react-router';

/** The library each keyword-detail page belongs to, by its path prefix. */
const libraries: { prefix: string; name: string; to: string }[] = [
  { prefix: '/keyWordDetail', name: '抖音关键词库', to: '/KeywordDouyin/searchWord' },
  { prefix: '/RsoKeyWordDetail', name: '小红书关键词库', to: '/KeywordXhs/searchWord' },
  { prefix: '/WsoKeyWordDetail', name: '微信关键词库', to: '/KeywordWSO/searchWord' },
  { prefix: '/BsoKeyWordDetail', name: 'B站关键词库', to: '/KeywordBSO/searchWord' },
  { prefix: '/TsoKeyWordTopicDetail', name: 'TikTok话题榜', to: '/KeywordTSOList/ecoTopic' },
  { prefix: '/TsoKeyWordDetail', name: 'TikTok关键词库', to: '/KeywordTSO/searchWord' },
  { prefix: '/KsoKeyWordDetail', name: '快手关键词库', to: '/KeywordKSO/searchWord' },
];

/** 首页 / the platform's library / 关键词详情, on keyword-detail pages only (000 §2.4). */
export function KeywordBreadcrumb() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const library = libraries.find((item) => pathname === item.prefix || pathname.startsWith(`${item.prefix}/`));
  const keyword = params.get('keyword')?.trim();
  const isTopic = library?.prefix === '/TsoKeyWordTopicDetail';
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

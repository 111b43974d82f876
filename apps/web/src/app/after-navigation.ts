import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { LocalKey, readLocal } from '../lib/storage';
import { reportPageView } from './frame-api';
import { setCurrentPath } from './guard';
import type { RouteMeta } from './route-table';

/** Page-view statistic delay after each navigation (000 §4). */
export const PAGE_VIEW_DELAY_MS = 1000;
export const APP_CONTAINER_ID = 'app-container';

const defaultMeta = {
  title: 'DSO - 短视频关键词搜索与内容营销平台',
  description: 'DSO 提供抖音、小红书、微信、B站、快手与 TikTok 关键词库，热门榜单、创作者与素材库和 AI 创作工具。',
  keywords: '关键词搜索,抖音关键词,小红书关键词,短视频SEO,内容营销',
};

/** The meta of the deepest matched route of the table, if any. */
export function useRouteMeta(): RouteMeta | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteMeta | undefined;
    if (handle?.path) return handle;
  }
  return undefined;
}

function setMetaTag(name: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.appendChild(tag);
  }
  tag.content = content;
}

/** After each navigation: title and meta tags, the page-view statistic after 1 s, scroll to top. */
export function useAfterNavigation() {
  const location = useLocation();
  const meta = useRouteMeta();
  useEffect(() => {
    const path = `${location.pathname}${location.search}`;
    setCurrentPath(path);
    document.title = meta?.title ?? defaultMeta.title;
    setMetaTag('description', meta?.description ?? defaultMeta.description);
    setMetaTag('keywords', meta?.keywords ?? defaultMeta.keywords);
    const container = document.getElementById(APP_CONTAINER_ID);
    if (meta?.infiniteScroll && container) container.scrollTo({ top: 0 });
    else window.scrollTo({ top: 0 });
    const timer = setTimeout(() => {
      const visitorId = readLocal(LocalKey.visitorId);
      if (visitorId) void reportPageView(visitorId, location.pathname).catch(() => undefined);
    }, PAGE_VIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [location.pathname, location.search, meta]);
}

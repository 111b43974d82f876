import type { BoardKind } from './keyword-details';
import type { Platform } from './keywords';

/*
 * The addresses of the web app's pages that are linked to from outside a page: the web app builds its links with
 * these, and the MCP tools link each answer to the page that shows it. The route table (apps/web/src/app/route-table.ts)
 * declares the same routes with their parameters.
 */

/** Root of each library's keyword detail route (000 §2.1), `${root}/:tabVal?`. */
export const keywordDetailRoots: Record<Platform, string> = {
  DSO: '/keyWordDetail',
  RSO: '/RsoKeyWordDetail',
  WSO: '/WsoKeyWordDetail',
  BSO: '/BsoKeyWordDetail',
  TSO: '/TsoKeyWordDetail',
  KSO: '/KsoKeyWordDetail',
};

/**
 * The one address of a keyword's detail page: `/keyWordDetail?keyword=…` for the overview (the route's `:tabVal?`
 * left out), `/keyWordDetail/{tab}?keyword=…` for another tab; TSO adds `country` when known (the page defaults to US).
 */
export function keywordDetailPath(ref: { platform: Platform; keyword: string; country?: string | null }, tab?: string) {
  const query = new URLSearchParams({ keyword: ref.keyword });
  if (ref.platform === 'TSO' && ref.country) query.set('country', ref.country);
  return `${keywordDetailRoots[ref.platform]}${tab && tab !== 'overview' ? `/${tab}` : ''}?${query.toString()}`;
}

/** The person detail address of a creator, on a tab. */
export function personDetailPath(userId: string, tab?: string): string {
  return `/person/detail/${encodeURIComponent(userId)}${tab ? `/${tab}` : ''}`;
}

/** The address of the video search (header search 视频 lands here). */
export function videoSearchPath(keyword: string): string {
  return `/DouyinTopic/searchWord?${new URLSearchParams({ keyword })}`;
}

/** The address of a video's detail page. */
export function videoDetailPath(videoId: string): string {
  return `/videoDetail/${encodeURIComponent(videoId)}`;
}

/** The address of one DSO hot board (/KeywordDouyinHot/{board}). */
export function hotBoardPath(board: BoardKind): string {
  return `/KeywordDouyinHot/${board}`;
}

/** The creator library (/personListLibrary). */
export const creatorLibraryPath = '/personListLibrary';

/** The works' rank monitoring dashboard (作品排名监控). */
export const monitorDashboardPath = '/dataMarketNew';

import {
  type CreatorFacets,
  CreatorPath,
  type KeywordRankList,
  type TopicKind,
  type TopicList,
  type TopicListQuery,
  TopicPath,
  type VideoList,
  VideoPath,
  type VideoSort,
  videoLimits,
} from '@dso/contract';
import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { useSession } from '../../../stores/session';
import { type ListPage, listPagesOptions } from '../../videos';

/** Rows per page of every list on these pages: each scroll to the end loads this many more. */
export const TOPIC_PAGE_SIZE = videoLimits.defaultPageSize;

/** Logging in changes what an open list gives (the guest rows, then the grade's cap). */
function useViewer() {
  const token = useSession((state) => state.token);
  return token ? 'user' : 'guest';
}

/**
 * The pages of one of these lists as an infinite query: `query` and the page asked for go to `path`,
 * and the viewer ends the key, since logging in changes the rows.
 */
function useListPages<Page extends ListPage<unknown>>(
  key: readonly unknown[],
  path: string,
  query: Record<string, string | number | undefined>,
  { pageSize = TOPIC_PAGE_SIZE, enabled = true }: { pageSize?: number; enabled?: boolean } = {},
) {
  const viewer = useViewer();
  return useInfiniteQuery({
    ...listPagesOptions([...key, viewer], pageSize, (pageNo, signal) =>
      request<Page>(path, { query: { ...query, page_no: pageNo, page_size: pageSize }, signal }),
    ),
    enabled,
  });
}

export type TopicSort = TopicListQuery['sort'];

/** `GET /api/topic/list`: video or image-text topics of the latest day. */
export function useTopicList(kind: TopicKind, sort: TopicSort) {
  return useListPages<TopicList>(['topics', 'list', kind, sort], TopicPath.list, { kind, sort });
}

/** `GET /api/topic/videos`: the works under a topic. */
export function useTopicVideos(topicId: number | null, sort: VideoSort) {
  return useListPages<VideoList>(
    ['topics', 'videos', topicId, sort],
    TopicPath.videos,
    { topic_id: topicId ?? 0, sort },
    { enabled: topicId !== null },
  );
}

/** `GET /api/video/search`: works whose title holds the keyword (header search 视频). */
export function useVideoSearch(keyword: string, sort: VideoSort) {
  return useListPages<VideoList>(['videos', 'search', keyword, sort], VideoPath.search, { keyword, sort });
}

/** `GET /api/video/low_follower_hits`: small accounts' breakout works, optionally of a field. */
export function useLowFollowerHits(field: string | null) {
  return useListPages<VideoList>(['videos', 'low-follower-hits', field ?? ''], VideoPath.lowFollowerHits, {
    field: field ?? undefined,
  });
}

/** `GET /api/video/keyword_rank`: a keyword's ranked works of a day (the latest when none is given). */
export function useKeywordRank(keyword: string, date: string | null, pageSize: number = TOPIC_PAGE_SIZE) {
  return useListPages<KeywordRankList>(
    ['videos', 'keyword-rank', keyword, date ?? '', pageSize],
    VideoPath.keywordRank,
    { keyword, date: date ?? undefined },
    { pageSize, enabled: keyword !== '' },
  );
}

/** The fields (领域) creators are filed under, for the breakout works' filter (the creator library's options). */
export function useCreatorFields() {
  return useQuery(
    queryOptions({
      queryKey: ['creators', 'facets'],
      queryFn: ({ signal }) => request<CreatorFacets>(CreatorPath.facets, { signal }),
      staleTime: 10 * 60_000,
      placeholderData: keepPreviousData,
      select: (facets) => facets.fields,
    }),
  );
}

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
import { listPagesOptions } from '../../videos';

/** Rows per page of every list on these pages: each scroll to the end loads this many more. */
export const TOPIC_PAGE_SIZE = videoLimits.defaultPageSize;

/** Logging in changes what an open list gives (the guest rows, then the grade's cap). */
function useViewer() {
  const token = useSession((state) => state.token);
  return token ? 'user' : 'guest';
}

export type TopicSort = TopicListQuery['sort'];

/** `GET /api/topic/list`: video or image-text topics of the latest day. */
export function useTopicList(kind: TopicKind, sort: TopicSort) {
  const viewer = useViewer();
  return useInfiniteQuery(
    listPagesOptions(['topics', 'list', kind, sort, viewer], TOPIC_PAGE_SIZE, (pageNo, signal) =>
      request<TopicList>(TopicPath.list, {
        query: { kind, sort, page_no: pageNo, page_size: TOPIC_PAGE_SIZE },
        signal,
      }),
    ),
  );
}

/** `GET /api/topic/videos`: the works under a topic. */
export function useTopicVideos(topicId: number | null, sort: VideoSort) {
  const viewer = useViewer();
  return useInfiniteQuery({
    ...listPagesOptions(['topics', 'videos', topicId, sort, viewer], TOPIC_PAGE_SIZE, (pageNo, signal) =>
      request<VideoList>(TopicPath.videos, {
        query: { topic_id: topicId ?? 0, sort, page_no: pageNo, page_size: TOPIC_PAGE_SIZE },
        signal,
      }),
    ),
    enabled: topicId !== null,
  });
}

/** `GET /api/video/search`: works whose title holds the keyword (header search 视频). */
export function useVideoSearch(keyword: string, sort: VideoSort) {
  const viewer = useViewer();
  return useInfiniteQuery(
    listPagesOptions(['videos', 'search', keyword, sort, viewer], TOPIC_PAGE_SIZE, (pageNo, signal) =>
      request<VideoList>(VideoPath.search, {
        query: { keyword, sort, page_no: pageNo, page_size: TOPIC_PAGE_SIZE },
        signal,
      }),
    ),
  );
}

/** `GET /api/video/low_follower_hits`: small accounts' breakout works, optionally of a field. */
export function useLowFollowerHits(field: string | null) {
  const viewer = useViewer();
  return useInfiniteQuery(
    listPagesOptions(['videos', 'low-follower-hits', field ?? '', viewer], TOPIC_PAGE_SIZE, (pageNo, signal) =>
      request<VideoList>(VideoPath.lowFollowerHits, {
        query: { field: field ?? undefined, page_no: pageNo, page_size: TOPIC_PAGE_SIZE },
        signal,
      }),
    ),
  );
}

/** `GET /api/video/keyword_rank`: a keyword's ranked works of a day (the latest when none is given). */
export function useKeywordRank(keyword: string, date: string | null, pageSize: number = TOPIC_PAGE_SIZE) {
  const viewer = useViewer();
  return useInfiniteQuery({
    ...listPagesOptions(['videos', 'keyword-rank', keyword, date ?? '', pageSize, viewer], pageSize, (pageNo, signal) =>
      request<KeywordRankList>(VideoPath.keywordRank, {
        query: { keyword, date: date ?? undefined, page_no: pageNo, page_size: pageSize },
        signal,
      }),
    ),
    enabled: keyword !== '',
  });
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

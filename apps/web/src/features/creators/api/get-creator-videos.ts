import { CreatorPath, type VideoList, type VideoSort } from '@dso/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { nextPageOf } from './paging';

/** Works per page of the works tab. */
export const WORKS_PAGE_SIZE = 20;

/** `GET /api/creator/videos`: one page of a creator's works. */
export function getCreatorVideosPage(userId: string, sort: VideoSort, pageNo: number, signal?: AbortSignal) {
  return request<VideoList>(CreatorPath.videos, {
    query: { userId, sort, page_no: pageNo, page_size: WORKS_PAGE_SIZE },
    signal,
  });
}

export const creatorVideosQuery = (userId: string, sort: VideoSort, viewer: string) =>
  infiniteQueryOptions({
    queryKey: ['creator-videos', userId, sort, viewer],
    queryFn: ({ pageParam, signal }) => getCreatorVideosPage(userId, sort, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf(WORKS_PAGE_SIZE),
  });

export function useCreatorVideos(userId: string, sort: VideoSort, viewer: string) {
  return useInfiniteQuery(creatorVideosQuery(userId, sort, viewer));
}

import { type VideoDetail, VideoPath } from '@dso/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';

/** `GET /api/video/detail` (open): the dialog's head and figures. */
export function getVideoDetail(awemeId: string, signal?: AbortSignal) {
  return request<VideoDetail>(VideoPath.detail, { query: { awemeId }, signal });
}

export const videoDetailQuery = (awemeId: string) =>
  queryOptions({
    queryKey: ['video-detail', awemeId],
    queryFn: ({ signal }) => getVideoDetail(awemeId, signal),
    staleTime: 5 * 60_000,
  });

export function useVideoDetail(awemeId: string) {
  return useQuery(videoDetailQuery(awemeId));
}

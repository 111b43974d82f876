import { type AudiencePortrait, VideoPath } from '@dso/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';

/** `GET /api/video/portrait` (VIDEO_LIBRARY_DETAIL_USER_PORTRAIT): the video's audience. */
export function getVideoPortrait(awemeId: string, signal?: AbortSignal) {
  return request<AudiencePortrait>(VideoPath.portrait, { query: { videoId: awemeId }, signal });
}

export const videoPortraitQuery = (awemeId: string) =>
  queryOptions({
    queryKey: ['video-portrait', awemeId],
    queryFn: ({ signal }) => getVideoPortrait(awemeId, signal),
    staleTime: 10 * 60_000,
  });

export function useVideoPortrait(awemeId: string) {
  return useQuery(videoPortraitQuery(awemeId));
}

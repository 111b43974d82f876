import { type AudiencePortrait, VideoPath } from '@dso/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { queryById } from '../../../lib/api/query-by-id';

/** `GET /api/video/portrait` (VIDEO_LIBRARY_DETAIL_USER_PORTRAIT): the video's audience. */
export function getVideoPortrait(awemeId: string, signal?: AbortSignal) {
  return request<AudiencePortrait>(VideoPath.portrait, { query: { videoId: awemeId }, signal });
}

export const videoPortraitQuery = queryById('video-portrait', getVideoPortrait, 10 * 60_000);

export function useVideoPortrait(awemeId: string) {
  return useQuery(videoPortraitQuery(awemeId));
}

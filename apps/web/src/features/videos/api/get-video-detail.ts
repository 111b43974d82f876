import { type VideoDetail, VideoPath } from '@dso/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { queryById } from '../../../lib/api/query-by-id';

/** `GET /api/video/detail` (open): the dialog's head and figures. */
export function getVideoDetail(awemeId: string, signal?: AbortSignal) {
  return request<VideoDetail>(VideoPath.detail, { query: { awemeId }, signal });
}

export const videoDetailQuery = queryById('video-detail', getVideoDetail, 5 * 60_000);

export function useVideoDetail(awemeId: string) {
  return useQuery(videoDetailQuery(awemeId));
}

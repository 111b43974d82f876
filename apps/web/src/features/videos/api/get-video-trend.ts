import { VideoPath, type VideoTrend, videoLimits } from '@dso/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';

/** `GET /api/video/trend` (VIDEO_LIBRARY_DETAIL_VIDEO_DATA): hourly points of the first 48 hours. */
export function getVideoTrend(awemeId: string, signal?: AbortSignal) {
  return request<VideoTrend>(VideoPath.trend, {
    query: { aweme_id: awemeId, day_cycle: videoLimits.trendWindow, history: false },
    signal,
  });
}

export const videoTrendQuery = (awemeId: string) =>
  queryOptions({
    queryKey: ['video-trend', awemeId],
    queryFn: ({ signal }) => getVideoTrend(awemeId, signal),
    staleTime: 5 * 60_000,
  });

export function useVideoTrend(awemeId: string) {
  return useQuery(videoTrendQuery(awemeId));
}

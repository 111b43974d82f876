import { VideoPath, type VideoTrend, videoLimits } from '@dso/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { queryById } from '../../../lib/api/query-by-id';

/** `GET /api/video/trend` (VIDEO_LIBRARY_DETAIL_VIDEO_DATA): hourly points of the first 48 hours. */
export function getVideoTrend(awemeId: string, signal?: AbortSignal) {
  return request<VideoTrend>(VideoPath.trend, {
    query: { aweme_id: awemeId, day_cycle: videoLimits.trendWindow, history: false },
    signal,
  });
}

export const videoTrendQuery = queryById('video-trend', getVideoTrend, 5 * 60_000);

export function useVideoTrend(awemeId: string) {
  return useQuery(videoTrendQuery(awemeId));
}

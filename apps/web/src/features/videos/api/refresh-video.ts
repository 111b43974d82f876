import { VideoPath, type VideoRefresh } from '@dso/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';

/** `POST /api/video/refresh` (login): queues a refresh of the video's figures; 30-minute lock per video. */
export function refreshVideo(awemeId: string) {
  return request<VideoRefresh>(VideoPath.refresh, { method: 'POST', body: { awemeId } });
}

export function useRefreshVideo() {
  return useMutation({ mutationFn: refreshVideo });
}

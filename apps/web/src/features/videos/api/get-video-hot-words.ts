import { type HotWordWire, VideoPath } from '@dso/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { queryById } from '../../../lib/api/query-by-id';

/** `GET /api/video/hot_words` (VIDEO_LIBRARY_DETAIL_COMMENT_ANALYSIS): the top 10 words of the comments. */
export function getVideoHotWords(awemeId: string, signal?: AbortSignal) {
  return request<HotWordWire[]>(VideoPath.hotWords, { query: { videoId: awemeId }, signal });
}

export const videoHotWordsQuery = queryById('video-hot-words', getVideoHotWords, 5 * 60_000);

export function useVideoHotWords(awemeId: string) {
  return useQuery(videoHotWordsQuery(awemeId));
}

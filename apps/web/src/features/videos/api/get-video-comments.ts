import { type VideoComments, VideoPath } from '@dso/contract';
import { request } from '../../../lib/api/client';

/**
 * `GET /api/video/comments` (VIDEO_LIBRARY_DETAIL_COMMENT_ANALYSIS): 20 a page, pages 1–10. The comment
 * list pages by hand (one reload of a failed page, then the end text), so there is no query hook here.
 */
export function getVideoComments(awemeId: string, pageNo: number, signal?: AbortSignal) {
  return request<VideoComments>(VideoPath.comments, { query: { awemeId, pageNo }, signal });
}

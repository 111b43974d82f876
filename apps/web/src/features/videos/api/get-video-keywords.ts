import { type VideoKeywordList, VideoPath, videoLimits } from '@dso/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';

/** The related keyword table's filters (002 §2): competition stars and month_cover_count ranges, a text. */
export interface VideoKeywordFilters {
  competition_start?: number;
  competition_end?: number;
  month_cover_count_start?: number;
  month_cover_count_end?: number;
  keyword?: string;
}

export interface VideoKeywordsRequest {
  awemeId: string;
  wordNew: string;
  pageNo: number;
  filters: VideoKeywordFilters;
  orders: { column: 'month_cover_count' | 'competition' | 'keyword'; asc: boolean }[];
}

/** `POST /api/video/keywords` (VIDEO_LIBRARY_DETAIL_KEYWORD_COVERAGE_DATA): keywords the video covers. */
export function getVideoKeywords(input: VideoKeywordsRequest, signal?: AbortSignal) {
  return request<VideoKeywordList>(VideoPath.keywords, {
    method: 'POST',
    body: {
      orders: input.orders.length > 0 ? input.orders : [videoLimits.keywordTableDefaultOrder],
      page_no: input.pageNo,
      page_size: videoLimits.keywordTablePageSize,
      params_data: { video_id: input.awemeId, word_new: input.wordNew, ...input.filters },
    },
    signal,
  });
}

export const videoKeywordsQuery = (input: VideoKeywordsRequest) =>
  queryOptions({
    queryKey: ['video-keywords', input.awemeId, input.pageNo, input.filters, input.orders],
    queryFn: ({ signal }) => getVideoKeywords(input, signal),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });

export function useVideoKeywords(input: VideoKeywordsRequest) {
  return useQuery(videoKeywordsQuery(input));
}

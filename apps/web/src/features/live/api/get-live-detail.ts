import { type LiveDetail, LivePath, videoLimits } from '@dso/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';

/** `GET /api/live/detail` (open): a session's head, goods, creator and minutes. */
export function getLiveDetail(roomId: string, signal?: AbortSignal) {
  return request<LiveDetail>(LivePath.detail, { query: { lid: roomId }, signal });
}

export const liveDetailQuery = (roomId: string) =>
  queryOptions({
    queryKey: ['live-detail', roomId],
    queryFn: ({ signal }) => getLiveDetail(roomId, signal),
    // A live session is asked again every few seconds; an ended one does not change any more.
    refetchInterval: (query) => (query.state.data?.end_time === null ? videoLimits.liveRefreshSeconds * 1000 : false),
    refetchIntervalInBackground: false,
  });

export function useLiveDetail(roomId: string) {
  return useQuery(liveDetailQuery(roomId));
}

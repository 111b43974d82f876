import { type LiveList, LivePath, videoLimits } from '@dso/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';

/** `GET /api/live/list` (open): the sessions live now, then the latest ended ones. */
export function getLiveList(limit: number, signal?: AbortSignal) {
  return request<LiveList>(LivePath.list, { query: { limit }, signal });
}

export const liveListQuery = (limit: number = videoLimits.liveScreenSessions) =>
  queryOptions({
    queryKey: ['live-list', limit],
    queryFn: ({ signal }) => getLiveList(limit, signal),
    // The wall is watched, not clicked: it asks again on its own, also while the tab is in the background.
    refetchInterval: videoLimits.liveRefreshSeconds * 1000,
    refetchIntervalInBackground: true,
  });

export function useLiveList(limit?: number) {
  return useQuery(liveListQuery(limit));
}

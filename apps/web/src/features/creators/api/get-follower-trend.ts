import { type CreatorFollowerTrend, CreatorPath } from '@dso/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';

/** The periods the follower trend offers, in days. */
export const followerTrendPeriods = [7, 30, 90] as const;
export type FollowerTrendPeriod = (typeof followerTrendPeriods)[number];

/** `GET /api/creator/follower_trend` (login): followers per day over the period. */
export function getFollowerTrend(userId: string, days: FollowerTrendPeriod, signal?: AbortSignal) {
  return request<CreatorFollowerTrend>(CreatorPath.followerTrend, { query: { userId, days }, signal });
}

export const followerTrendQuery = (userId: string, days: FollowerTrendPeriod) =>
  queryOptions({
    queryKey: ['creator-follower-trend', userId, days],
    queryFn: ({ signal }) => getFollowerTrend(userId, days, signal),
    staleTime: 10 * 60_000,
  });

export function useFollowerTrend(userId: string, days: FollowerTrendPeriod) {
  return useQuery(followerTrendQuery(userId, days));
}

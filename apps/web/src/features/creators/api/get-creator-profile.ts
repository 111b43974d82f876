import { type CreatorProfile, VideoPath } from '@dso/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';

/** `GET /api/creator/profile`: a creator's stats, classes and whether the viewer collected them. */
export function getCreatorProfile(userId: string, signal?: AbortSignal) {
  return request<CreatorProfile>(VideoPath.creatorProfile, { query: { userId }, signal });
}

export const creatorProfileQuery = (userId: string) =>
  queryOptions({
    queryKey: ['creator-profile', userId],
    queryFn: ({ signal }) => getCreatorProfile(userId, signal),
  });

export function useCreatorProfile(userId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...creatorProfileQuery(userId), enabled: options.enabled ?? true });
}

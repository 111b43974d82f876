import { type AudiencePortrait, VideoPath } from '@dso/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';

/** `GET /api/creator/portrait` (VIDEO_LIBRARY_DETAIL_USER_PORTRAIT): the creator's audience. */
export function getCreatorPortrait(userId: string, signal?: AbortSignal) {
  return request<AudiencePortrait>(VideoPath.creatorPortrait, { query: { userId }, signal });
}

export const creatorPortraitQuery = (userId: string) =>
  queryOptions({
    queryKey: ['creator-portrait', userId],
    queryFn: ({ signal }) => getCreatorPortrait(userId, signal),
    staleTime: 10 * 60_000,
  });

export function useCreatorPortrait(userId: string) {
  return useQuery(creatorPortraitQuery(userId));
}

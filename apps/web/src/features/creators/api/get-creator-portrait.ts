import { type AudiencePortrait, CreatorPath } from '@dso/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { queryById } from '../../../lib/api/query-by-id';

/** `GET /api/creator/portrait` (VIDEO_LIBRARY_DETAIL_USER_PORTRAIT): the creator's audience. */
export function getCreatorPortrait(userId: string, signal?: AbortSignal) {
  return request<AudiencePortrait>(CreatorPath.portrait, { query: { userId }, signal });
}

export const creatorPortraitQuery = queryById('creator-portrait', getCreatorPortrait, 10 * 60_000);

export function useCreatorPortrait(userId: string) {
  return useQuery(creatorPortraitQuery(userId));
}

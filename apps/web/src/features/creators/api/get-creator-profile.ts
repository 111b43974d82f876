import { CreatorPath, type CreatorProfile } from '@dso/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { queryById } from '../../../lib/api/query-by-id';

/** `GET /api/creator/profile`: a creator's stats, classes and whether the viewer collected them. */
export function getCreatorProfile(userId: string, signal?: AbortSignal) {
  return request<CreatorProfile>(CreatorPath.profile, { query: { userId }, signal });
}

export const creatorProfileQuery = queryById('creator-profile', getCreatorProfile);

export function useCreatorProfile(userId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...creatorProfileQuery(userId), enabled: options.enabled ?? true });
}

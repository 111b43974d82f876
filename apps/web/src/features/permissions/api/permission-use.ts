import { PermissionPath, type PermissionUse } from '@dso/contract';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { useSession } from '../../../stores/session';

/** `GET /api/permission/use`: the signed-in user's count of one permission (per_val and use_val). */
export const fetchPermissionUse = (permission: string, signal?: AbortSignal) =>
  request<PermissionUse>(PermissionPath.use, { query: { permission }, signal });

/** What is left of a permission's count (per_val − use_val, never below 0); null while unknown or signed out. */
export function useRemainingUses<Key extends QueryKey>(
  options: UseQueryOptions<PermissionUse, Error, PermissionUse, Key>,
): number | null {
  const token = useSession((state) => state.token);
  const use = useQuery({ ...options, enabled: Boolean(token) });
  if (!token || !use.data) return null;
  return Math.max(0, use.data.per_val - use.data.use_val);
}

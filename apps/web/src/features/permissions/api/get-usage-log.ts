import { PermissionPath, type UsageLog } from '@dso/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';

/** `GET /api/permission/usage_log`: a day's use per quota with the ledger entries behind it. */
export function fetchUsageLog(day: string | undefined, signal?: AbortSignal) {
  return request<UsageLog>(PermissionPath.usageLog, { method: 'GET', query: { day }, signal });
}

export const usageLogQuery = (day: string | undefined) =>
  queryOptions({
    queryKey: ['permissions', 'usage-log', day ?? 'today'],
    queryFn: ({ signal }) => fetchUsageLog(day, signal),
    placeholderData: keepPreviousData,
  });

export function useUsageLog(day: string | undefined) {
  return useQuery(usageLogQuery(day));
}

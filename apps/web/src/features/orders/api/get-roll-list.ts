import { OrderPath } from '@dso/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';

/** One recent buyer: the phone already masked by the server (first 3 and last 4 digits). */
export interface RollItem {
  phone: string;
  vip_name: string;
}

/** `GET /api/roll_list`: the latest buyers for the order roll. Silent: the roll is decoration. */
export async function fetchRollList(signal?: AbortSignal) {
  const data = await request<{ us: RollItem[] }>(OrderPath.rollList, { silent: true, signal });
  return Array.isArray(data?.us) ? data.us : [];
}

export const rollListQuery = queryOptions({
  queryKey: ['orders', 'roll-list'] as const,
  queryFn: ({ signal }) => fetchRollList(signal),
  staleTime: 60_000,
});

export function useRollList() {
  return useQuery(rollListQuery);
}

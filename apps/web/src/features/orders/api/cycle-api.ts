import { type CycleInfo, OrderPath } from '@dso/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { useViewerKey } from './get-grade-config';

/** The caller's running 连续包月, or null (contract `cycleInfoSchema`). */
export async function fetchCycleInfo(signal?: AbortSignal): Promise<CycleInfo> {
  return (await request<CycleInfo>(OrderPath.cycleInfo, { silent: true, signal })) ?? null;
}

const cycleInfoKey = (viewer: string) => ['orders', 'cycle', viewer] as const;

/** `GET /api/order/cycle_info` for the signed-in user; nothing is asked for visitors. */
export function useCycleInfo() {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: cycleInfoKey(viewer),
    queryFn: ({ signal }) => fetchCycleInfo(signal),
    enabled: viewer !== 'visitor',
  });
}

/** `POST /api/order/cancel_cycle`: ends the 连续包月 at Alipay; the paid period runs to its end. */
export function useCancelCycle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => request<{ cancelled: number }>(OrderPath.cancelCycle, { method: 'POST', body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['orders', 'cycle'] }),
  });
}

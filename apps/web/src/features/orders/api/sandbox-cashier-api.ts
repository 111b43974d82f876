import { OrderPath, type SandboxCashierResult, type SandboxCashierView } from '@dso/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';

/** `GET /api/order/sandbox_cashier?trade=`: the trade as the sandbox cashier shows it to the signed-in user. */
export function fetchSandboxCashier(trade: string, signal?: AbortSignal) {
  return request<SandboxCashierView>(OrderPath.sandboxCashier, { query: { trade }, signal });
}

export function useSandboxCashier(trade: string, enabled: boolean) {
  return useQuery({
    queryKey: ['orders', 'sandbox-cashier', trade] as const,
    queryFn: ({ signal }) => fetchSandboxCashier(trade, signal),
    enabled,
    // A trade's state changes only by this page's own buttons (or the QR lapsing): no refetching.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** `POST /api/order/sandbox_cashier`: the cashier's 支付 or 取消. */
export function pressSandboxCashier(input: { trade: string; action: 'pay' | 'cancel' }) {
  return request<SandboxCashierResult>(OrderPath.sandboxCashier, { method: 'POST', body: input });
}

export function usePressSandboxCashier() {
  return useMutation({ mutationFn: pressSandboxCashier });
}

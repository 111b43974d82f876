import { OrderPath, type PayResult } from '@dso/contract';
import { PAY_POLL_MS } from '@dso/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';

/**
 * `GET /api/pay_result?orderId=`: true once paid, false while waiting, CANCEL when the payer cancelled,
 * CLOSED when the order can no longer be paid. Silent: a failed poll is simply asked again.
 */
export function fetchPayResult(orderId: string, signal?: AbortSignal) {
  return request<PayResult>(OrderPath.payResult, { query: { orderId }, silent: true, signal });
}

/**
 * The result polled every 2 s (001 §4 step 3). It starts as "waiting" without asking, so the first
 * question goes out 2 s after the QR shows; it keeps asking while the tab is in the background, where
 * the payer usually is while paying on the phone.
 */
export function payResultQuery(orderId: string) {
  return queryOptions({
    queryKey: ['orders', 'pay-result', orderId] as const,
    queryFn: ({ signal }) => fetchPayResult(orderId, signal),
    initialData: false as PayResult,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchInterval: PAY_POLL_MS,
    refetchIntervalInBackground: true,
  });
}

/** Polls while `polling`; unmounting (the dialog closed) or a settled result stops it. */
export function usePayResult(orderId: string, polling: boolean) {
  return useQuery({ ...payResultQuery(orderId), enabled: polling, refetchInterval: polling ? PAY_POLL_MS : false });
}

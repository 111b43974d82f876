import { type Coupon, OrderPath } from '@dso/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestList } from '../../../lib/api/request-list';
import { useViewerKey } from './get-grade-config';

/**
 * `GET /api/order/coupon_list`: the caller's coupons usable now (amounts in fen). Silent: without it
 * the pay box simply offers no choice and closing it shows no retention prompt.
 */
export async function fetchCouponList(signal?: AbortSignal) {
  return requestList<Coupon>(OrderPath.coupons, { signal });
}

export function couponListQuery(viewer: string) {
  return queryOptions({
    queryKey: ['orders', 'coupons', viewer] as const,
    queryFn: ({ signal }) => fetchCouponList(signal),
    staleTime: 60_000,
  });
}

/** The signed-in user's coupons; nothing is asked for visitors. */
export function useCouponList(enabled = true) {
  const viewer = useViewerKey();
  return useQuery({ ...couponListQuery(viewer), enabled: enabled && viewer !== 'visitor' });
}

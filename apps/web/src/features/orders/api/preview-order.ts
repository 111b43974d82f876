import { type OrderInfo, OrderPath, type PreviewOrderBody } from '@dso/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';

/**
 * `POST /api/order/preview_order`: prices the chosen plan and records a pending order payable for
 * 900 s. A refusal (tier restriction, plan below the deduction, unusable coupon) is the server's toast.
 */
export function previewOrder(body: PreviewOrderBody, signal?: AbortSignal) {
  return request<OrderInfo>(OrderPath.preview, { method: 'POST', body, signal });
}

/**
 * The order of the current selection, nothing while there is none. The key holds the body with its
 * `rand_tag`, so asking again for the same selection (a retry) sends the same tag and the server
 * answers the same pending order; a new selection or a refreshed QR comes with a new tag.
 */
export function usePreviewOrder(body: PreviewOrderBody | null) {
  return useQuery({
    queryKey: ['orders', 'preview', body] as const,
    queryFn: body ? ({ signal }) => previewOrder(body, signal) : skipToken,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

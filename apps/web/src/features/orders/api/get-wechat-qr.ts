import { OrderPath } from '@dso/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';

/**
 * `GET /api/order/wx_order?orderId=` (or `wx_order_c` for a count-pack order): the WeChat Pay QR text
 * (`code_url`) of an order.
 */
export async function fetchWechatQr(orderId: string, pack: boolean, signal?: AbortSignal) {
  const path = pack ? OrderPath.wechatPackQr : OrderPath.wechatQr;
  const data = await request<{ code_url: string }>(path, { query: { orderId }, signal });
  return data.code_url;
}

export function wechatQrQuery(orderId: string, pack = false) {
  return queryOptions({
    queryKey: ['orders', 'wechat-qr', orderId] as const,
    queryFn: ({ signal }) => fetchWechatQr(orderId, pack, signal),
    // One QR per order: it is valid as long as the order is.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

/** The WeChat QR of an order, asked for only once the payer chooses 微信支付. */
export function useWechatQr(orderId: string, enabled: boolean, pack = false) {
  return useQuery({ ...wechatQrQuery(orderId, pack), enabled });
}

import { type OrderItem, OrderPath } from '@dso/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';

/** Orders per page of 我的订单. */
export const ORDER_PAGE_SIZE = 10;

/** One page of the caller's orders (contract `orderListSchema`). */
export interface OrderList {
  list: OrderItem[];
  total: number;
}

/** `POST /api/find_order_list`: the caller's orders, newest first. */
export function fetchOrderList(page: number, signal?: AbortSignal) {
  return request<OrderList>(OrderPath.orderList, {
    method: 'POST',
    body: { page_no: page, page_size: ORDER_PAGE_SIZE },
    signal,
  });
}

/** Every query of the orders list starts with this key, so an invoice request can refresh them all. */
export const orderListKey = ['orders', 'list'] as const;

export const orderListQuery = (page: number) =>
  queryOptions({
    queryKey: [...orderListKey, page],
    queryFn: ({ signal }) => fetchOrderList(page, signal),
    placeholderData: keepPreviousData,
  });

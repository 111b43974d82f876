import { OrderPath } from '@dso/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';

/** `POST /api/order/pay_free`: completes an order whose payable amount is 0 fen (no QR to scan). */
export function payFree(orderId: string) {
  return request<boolean>(OrderPath.payFree, { method: 'POST', body: { orderId } });
}

export function usePayFree() {
  return useMutation({ mutationFn: payFree });
}

import {
  type ConsoleRefundBody,
  type ConsoleRefundList,
  ConsoleRefundPath,
  type ConsoleRefundResult,
} from '@dso/contract';
import { queryOptions } from '@tanstack/react-query';
import { consoleGet, consolePost } from './console-request';

/** The 待退款 panel's calls (docs/console.md "Refunds"); both actions carry their reason. */

export const refundsKey = ['console', 'refunds'] as const;

/** `GET /api/console/refunds`: the payments due back and where each refund stands. */
export const consoleRefundsQuery = queryOptions({
  queryKey: refundsKey,
  queryFn: () => consoleGet<ConsoleRefundList>(ConsoleRefundPath.list),
});

/** 原路退款: through the vendor that took the payment. */
export const refundConsolePayment = (body: ConsoleRefundBody) =>
  consolePost<ConsoleRefundResult>(ConsoleRefundPath.refund, body);

/** 标记已退款: given back outside the vendor. */
export const markConsolePaymentRefunded = (body: ConsoleRefundBody) =>
  consolePost<ConsoleRefundResult>(ConsoleRefundPath.refundByHand, body);

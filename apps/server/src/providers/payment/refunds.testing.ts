import type { RefundRequest } from './index';

/**
 * Test-only: the refunds a suite asks for on one paid trade, all of it by default, under the refund id
 * it names (the adapters' and the sandbox's suites ask alike).
 */
export function refundsOf(trade: { outTradeNo: string; vendorTradeNo: string; totalFen: number; notifyUrl: string }) {
  return (outRefundNo: string, refundFen = trade.totalFen): RefundRequest => ({
    outTradeNo: trade.outTradeNo,
    vendorTradeNo: trade.vendorTradeNo,
    outRefundNo,
    refundFen,
    totalFen: trade.totalFen,
    reason: '重复支付退款',
    notifyUrl: trade.notifyUrl,
  });
}

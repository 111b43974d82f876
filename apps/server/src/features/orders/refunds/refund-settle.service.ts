import type { RefundNotice } from '../../../providers/payment/index';
import { insertPaymentEvent } from '../orders.repository';
import type { PaymentContext } from '../payments/payment-context';
import * as repository from './refunds.repository';
import { settleFromVendor } from './refunds.service';

/*
 * Settling refunds the vendor accepted: its notification (WeChat Pay's refund notice, Alipay's trade
 * notice with the refund, the sandbox's REFUND_SUCCESS) or, for one whose notice never came, the
 * maintenance job's query.
 */

/** What applying a refund notice did (written to payment_events as its outcome). */
export type RefundNoticeOutcome =
  | 'refund_success'
  | 'refund_failed'
  | 'duplicate'
  | 'amount_mismatch'
  | 'unknown_refund';

/**
 * Applies a verified refund notification once, under the refund's row lock:
 * 1. an out_refund_no we never asked for is recorded and ignored;
 * 2. an amount other than the refund's is refused and recorded;
 * 3. an open refund (processing, or failed when the vendor settled a try we took for lost) becomes
 *    success or failed, and the notification's time is kept;
 * 4. a refund already settled keeps its state (a repeated notice is a no-op); a success notice of one
 *    the synchronous answer already settled records when it came.
 */
export async function applyRefundNotice(
  context: Pick<PaymentContext, 'db' | 'log'>,
  provider: string,
  notice: RefundNotice,
  now: Date,
): Promise<RefundNoticeOutcome> {
  return context.db.transaction(async (tx) => {
    const refund = await repository.lockRefundByOutRefundNo(tx, notice.outRefundNo);
    const outcome = await decide();
    await insertPaymentEvent(tx, {
      orderId: notice.outTradeNo.slice(0, 64),
      provider,
      source: 'notify',
      outcome,
      amountFen: notice.amountFen,
      vendorTradeNo: notice.vendorRefundId || null,
      detail: `refund ${notice.outRefundNo}${notice.reason ? ` ${notice.reason}` : ''}`.slice(0, 200),
    });
    return outcome;

    async function decide(): Promise<RefundNoticeOutcome> {
      if (!refund || refund.orderId !== notice.outTradeNo) return 'unknown_refund';
      if (refund.amountFen !== notice.amountFen) {
        context.log.warn(
          { outRefundNo: notice.outRefundNo, amountFen: notice.amountFen },
          'refund notice amount differs',
        );
        return 'amount_mismatch';
      }
      if (refund.status === 'processing' || refund.status === 'failed') {
        await repository.updateRefund(tx, refund.id, {
          status: notice.status,
          vendorRefundId: notice.vendorRefundId || refund.vendorRefundId,
          vendorError: notice.status === 'failed' ? (notice.reason ?? '退款失败').slice(0, 200) : null,
          finishedAt: notice.status === 'success' ? (notice.refundedAt ?? now) : null,
          notifiedAt: now,
        });
        return notice.status === 'success' ? 'refund_success' : 'refund_failed';
      }
      if (refund.status === 'success' && notice.status === 'success' && !refund.notifiedAt) {
        await repository.updateRefund(tx, refund.id, { notifiedAt: now });
        return 'refund_success';
      }
      if (refund.status === 'by_hand' && notice.status === 'success') {
        // Given back by hand and by the vendor: money went back twice, someone must ask for it back.
        context.log.error({ outRefundNo: notice.outRefundNo }, 'vendor refunded a payment marked refunded by hand');
      }
      return 'duplicate';
    }
  });
}

/** A `processing` refund is asked of the vendor once it has waited this long for its notice. */
const SETTLE_AFTER_MS = 60_000;

/**
 * The maintenance job's part: refunds still `processing` a minute after they were asked are queried at
 * the vendor, and settled as it says (one it never heard of becomes `failed`, to be tried again with the
 * same id). Answers how many changed.
 */
export async function settleProcessingRefunds(context: PaymentContext, now: Date, batch = 50): Promise<number> {
  const open = await repository.selectRefundsIn(
    context.db,
    ['processing'],
    new Date(now.getTime() - SETTLE_AFTER_MS),
    batch,
  );
  let settled = 0;
  for (const refund of open) {
    const { alipay, wechat } = context.providers.payment;
    const gateway = [alipay, wechat].find((one) => one.provider === refund.provider && one.channel === refund.channel);
    if (!gateway) continue;
    const state = await gateway
      .queryRefund({ outTradeNo: refund.orderId, outRefundNo: refund.outRefundNo })
      .catch((error: unknown) => {
        context.log.warn({ outRefundNo: refund.outRefundNo, error: String(error) }, 'refund query failed');
        return null;
      });
    if (!state || state.state === 'processing') continue;
    await settleFromVendor(context.db, refund.id, state);
    settled += 1;
  }
  return settled;
}

import type { ConsoleRefundResult } from '@dso/contract';
import type { Database } from '../../../db/client';
import {
  listRefundsDue,
  markRefundedByHand,
  type PaymentContext,
  type RefundChange,
  type RefundOutcome,
  type RefundRow,
  refundDuePayment,
} from '../../orders';
import { type Actor, CLI_ACTOR_NAME, recordAudit } from '../audit/audit.service';

/**
 * The console's 退款 (docs/console.md "Refunds"): the orders feature owns the refunds and changes them;
 * the console names who asks and writes each change's audit entry in the transaction of the change.
 */

export { listRefundsDue };

/** What the audit log keeps of a refund's state. */
function refundState(row: RefundRow | null) {
  if (!row) return { status: 'due' };
  return {
    status: row.status,
    out_refund_no: row.outRefundNo,
    provider: row.provider,
    channel: row.channel,
    vendor_trade_no: row.vendorTradeNo,
    amount: row.amountFen,
    vendor_refund_id: row.vendorRefundId,
    vendor_error: row.vendorError,
  };
}

interface RefundCall {
  paymentId: number;
  reason: string;
  now: Date;
}

function asked(actor: Actor, action: 'order.refund' | 'order.refund_by_hand', call: RefundCall) {
  return {
    ...call,
    staff: { id: actor?.id ?? null, name: actor?.name ?? CLI_ACTOR_NAME },
    record: (tx: Database, change: RefundChange) =>
      recordAudit(tx, {
        actor,
        action,
        subject: `order:${change.orderId}`,
        before: { payment_id: change.paymentId, ...refundState(change.before) },
        after: { payment_id: change.paymentId, ...refundState(change.after) },
        reason: call.reason,
      }),
  };
}

const resultOf = (outcome: RefundOutcome): ConsoleRefundResult => ({
  changed: 1,
  audit_id: outcome.recordId,
  status: outcome.status,
});

/** 原路退款: through the vendor that took the payment; audited as `order.refund` with the vendor's answer. */
export async function refundPayment(context: PaymentContext, actor: Actor, call: RefundCall) {
  return resultOf(await refundDuePayment(context, asked(actor, 'order.refund', call)));
}

/** 标记已退款: given back outside the vendor; audited as `order.refund_by_hand`. */
export async function refundPaymentByHand(context: PaymentContext, actor: Actor, call: RefundCall) {
  return resultOf(await markRefundedByHand(context, asked(actor, 'order.refund_by_hand', call)));
}

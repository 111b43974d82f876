import type { Database } from '../../../db/client';
import type { TradeState } from '../../../providers/payment/index';
import { findOrder } from '../orders.repository';
import { activateAgreement, unsignEndingAgreements } from './agreements.service';
import { type ApplyOutcome, applyPayment, type ReportedPayment } from './apply-payment.service';
import type { PaymentContext } from './payment-context';

/**
 * What must commit with the application, whatever its outcome (the console's audit entry of a payment it
 * settled by hand): it runs in the application's transaction, after the order changed.
 */
export type SettleHook = (tx: Database, outcome: ApplyOutcome) => Promise<void>;

/**
 * Applies a payment a vendor reported (a notification, a query, a close that found it paid, a 0-fen
 * order) and, once that transaction has committed, does what must not happen inside it: a continuous
 * plan's first payment activates its 周期扣款 agreement, and a 连续包月 the payment ended (an upgrade
 * replaced its grade) is unsigned at the vendor. Only the application that changed the order does
 * these; a duplicate notification finds nothing to do.
 */
export async function settlePayment(
  context: PaymentContext,
  payment: ReportedPayment & { agreementNo?: string },
  now: Date,
  within?: SettleHook,
): Promise<ApplyOutcome> {
  const outcome = within
    ? await context.db.transaction(async (tx) => {
        const applied = await applyPayment(tx, payment, now);
        await within(tx, applied);
        return applied;
      })
    : await applyPayment(context.db, payment, now);
  if (outcome !== 'applied') return outcome;
  const order = await findOrder(context.db, payment.orderId);
  if (!order) return outcome;
  if (order.cycle && !order.agreementId) await activateAgreement(context, order, payment.agreementNo);
  await unsignEndingAgreements(context, order.userId);
  return outcome;
}

/** A trade a vendor answered paid to our question, as the payment to settle. */
export function paymentOfPaidTrade(
  orderId: string,
  state: Extract<TradeState, { state: 'paid' }>,
  provider: string,
): ReportedPayment & { agreementNo?: string } {
  return {
    orderId,
    amountFen: state.amountFen,
    vendorTradeNo: state.vendorTradeNo,
    paidAt: state.paidAt,
    provider,
    source: 'query',
    ...(state.agreementNo ? { agreementNo: state.agreementNo } : {}),
  };
}

import type { TradeState } from '../../../providers/payment/index';
import { findOrder } from '../orders.repository';
import { activateAgreement, unsignEndingAgreements } from './agreements.service';
import { type ApplyOutcome, applyPayment, type ReportedPayment } from './apply-payment.service';
import type { PaymentContext } from './payment-context';

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
): Promise<ApplyOutcome> {
  const outcome = await applyPayment(context.db, payment, now);
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

import { and, eq } from 'drizzle-orm';
import { orders } from '../../../db/schema';
import { PaymentVendorError } from '../../../providers/payment/index';
import { insertPaymentEvent, type OrderRow, selectExpiredPending } from '../orders.repository';
import type { PaymentContext } from './payment-context';
import { paymentOfPaidTrade, settlePayment } from './settle-payment.service';

/**
 * Closes an order that can no longer be paid (its 900 s passed): each channel is asked first — a
 * payment the notification of which was lost is applied instead — then the trade is closed at the
 * vendor so a late scan cannot pay it, and only then the order. A payment racing the close finds the
 * order closed and is kept as refund_due (apply-payment). Answers what became of the order.
 */
export async function closeOrder(context: PaymentContext, order: OrderRow, now: Date): Promise<'paid' | 'closed'> {
  const { alipay, wechat } = context.providers.payment;
  // No QR was ever asked for: no vendor knows the order.
  const asked = order.channel ? [alipay, wechat] : [];
  const open = [];
  for (const gateway of asked) {
    const state = await gateway.queryTrade(order.id).catch(() => null);
    // A trade the vendor never saw or already closed needs no close (Alipay refuses closing a closed one).
    if (state?.state !== 'not_exist' && state?.state !== 'closed') open.push(gateway);
    if (state?.state === 'paid') {
      const outcome = await settlePayment(context, paymentOfPaidTrade(order.id, state, gateway.provider), now);
      if (outcome === 'applied' || outcome === 'duplicate') return 'paid';
    }
  }
  for (const gateway of open) {
    try {
      await gateway.closeTrade(order.id);
    } catch (error) {
      // A vendor that cannot close now is asked again by the next round; the order stays pending.
      const code = error instanceof PaymentVendorError ? error.vendorCode : String(error);
      context.log.warn({ orderId: order.id, code }, 'closing the trade at the vendor failed');
      return 'closed';
    }
  }
  await context.db
    .update(orders)
    .set({ status: 'closed', closedAt: now })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')));
  await insertPaymentEvent(context.db, {
    orderId: order.id,
    provider: order.provider ?? 'none',
    source: 'close',
    outcome: 'closed',
  });
  return 'closed';
}

/** The payer cancelled at the cashier (the sandbox reports it): the order ends as cancelled. */
export async function markCancelled(context: Pick<PaymentContext, 'db'>, orderId: string, now: Date) {
  await context.db
    .update(orders)
    .set({ status: 'cancelled', closedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')));
}

/** Closes every order past its validity, a batch at a time (the maintenance job). */
export async function closeExpiredOrders(context: PaymentContext, now: Date, batch = 100) {
  let closed = 0;
  for (const order of await selectExpiredPending(context.db, now, batch)) {
    await closeOrder(context, order, now);
    closed += 1;
  }
  return closed;
}

import { type OrderInfo, OrderPath } from '@dso/contract';
import { and, desc, eq } from 'drizzle-orm';
import { paymentEvents } from '../../../db/schema';
import type { SandboxNotification } from '../../../providers/payment/sandbox';
import type { TestApp } from '../../../testing';
import { jobPaymentContext, lapseOrder, notifySandbox, paidNotification, scanNewOrder } from '../../../testing/orders';
import { settleProcessingRefunds } from './refund-settle.service';

/*
 * Test helpers for refunds: payments kept for refund made as a payer makes them (a second payment of a
 * paid order, money for a closed one), the sandbox's refund notifications caught and delivered, and the
 * maintenance job's refund part.
 */

type RefundTestApp = Pick<TestApp, 'app' | 'request' | 'database'>;

/** The first `refund_due` payment event of an order's trade: the payment id the console names. */
export async function refundDuePaymentId(t: RefundTestApp, orderId: string, vendorTradeNo: string) {
  const [event] = await t.database.db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(
      and(
        eq(paymentEvents.orderId, orderId),
        eq(paymentEvents.vendorTradeNo, vendorTradeNo),
        eq(paymentEvents.outcome, 'refund_due'),
      ),
    )
    .orderBy(paymentEvents.id)
    .limit(1);
  if (!event) throw new Error(`no refund-due payment of ${orderId} by ${vendorTradeNo}`);
  return event.id;
}

/** Delivers a sandbox notification to the app's notify route, as the sandbox's vendor side would. */
export async function deliverSandboxNotification(t: Pick<TestApp, 'app'>, notification: SandboxNotification) {
  const answer = await t.app.inject({
    method: 'POST',
    url: new URL(notification.notifyUrl).pathname,
    headers: notification.headers,
    payload: notification.body,
  });
  if (answer.body !== 'success') throw new Error(`the notify route answered ${answer.body}`);
}

/**
 * A double payment: the order paid by one trade, then paid again at the sandbox cashier (the payer had
 * the QR open twice); the second, a real sandbox trade the sandbox can refund, is kept for refund.
 */
export async function payTwice(t: RefundTestApp, token: string) {
  const { order } = await scanNewOrder(t, token);
  await paidNotice(t, order, `FIRST${order.order_id.slice(-8)}`);
  const sandbox = t.app.providers.sandboxPayment!;
  const second = await sandbox.pay(order.order_id);
  if (!second) throw new Error('the sandbox did not take the second payment');
  await deliverSandboxNotification(t, second);
  const trade = await sandbox.findTrade(order.order_id);
  const vendorTradeNo = trade!.vendorTradeNo;
  return { order, vendorTradeNo, paymentId: await refundDuePaymentId(t, order.order_id, vendorTradeNo) };
}

/** Money for an order already closed, by a trade the sandbox never made (so it cannot refund it). */
export async function payLate(t: RefundTestApp, token: string, vendorTradeNo: string) {
  const { order } = await scanNewOrder(t, token);
  await lapseOrder(t.database.db, order.order_id);
  // The lapse is seen by the payer's poll, which closes the order.
  await t.request({ method: 'GET', url: `${OrderPath.payResult}?orderId=${order.order_id}`, token });
  await paidNotice(t, order, vendorTradeNo);
  return { order, vendorTradeNo, paymentId: await refundDuePaymentId(t, order.order_id, vendorTradeNo) };
}

async function paidNotice(t: Pick<TestApp, 'app'>, order: OrderInfo, tradeNo: string) {
  const answer = await notifySandbox(t, paidNotification(order, tradeNo));
  if (answer.body !== 'success') throw new Error(`the notify route answered ${answer.body}`);
}

/**
 * Catches the sandbox's own notifications (a refund's) instead of posting them over HTTP; answers the
 * caught ones, delivered to the app when `deliver` is true.
 */
export function catchSandboxNotifications(t: Pick<TestApp, 'app'>, deliver: boolean) {
  const caught: SandboxNotification[] = [];
  const delivered: Promise<void>[] = [];
  t.app.providers.sandboxPayment!.deliverNotificationsWith(async (notification) => {
    caught.push(notification);
    if (deliver) delivered.push(deliverSandboxNotification(t, notification));
  });
  return { caught, settled: () => Promise.all(delivered) };
}

/** The latest payment events of an order (newest first). */
export async function paymentEventsOf(t: RefundTestApp, orderId: string) {
  return t.database.db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.orderId, orderId))
    .orderBy(desc(paymentEvents.id));
}

/** The maintenance job's refund part, run now as `now` (a `processing` refund waits a minute for its notice). */
export function settleRefundsAsJob(t: RefundTestApp, now: Date) {
  return settleProcessingRefunds(jobPaymentContext(t), now);
}

import { type OrderInfo, OrderPath } from '@dso/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { membershipGrants, orders, paymentEvents } from '../../../db/schema';
import { lapseOrder, readGrade } from '../../../testing';
import { notifySandbox, paidNotification, scanNewOrder } from '../../../testing/orders';
import { useTestApp } from '../../../testing/route-suite';

/*
 * "A payment that arrives after the order was closed is recorded for refund, not lost" —
 * every such payment, however many trades pay one order (the console lists and refunds them:
 * console/refunds/refunds.routes.test.ts).
 */
describe('payments kept for refund', () => {
  const t = useTestApp();
  const { db, get, account } = t;

  let tags = 0;
  const scannedOrder = async (token: string) => (await scanNewOrder(t, token)).order;
  /** A signed sandbox notification of a payment by `tradeNo`. */
  const notifyPaid = async (order: OrderInfo, tradeNo: string) => {
    const answer = await notifySandbox(t, paidNotification(order, tradeNo));
    expect(answer.body).toBe('success');
  };
  const outcomes = async (orderId: string) =>
    (await db().select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId)).orderBy(paymentEvents.id))
      .filter((event) => event.source === 'notify')
      .map((event) => [event.vendorTradeNo, event.outcome]);
  /** Notifies a payment of the order by each trade in turn; answers the outcomes of all its notifications. */
  const notifyTrades = async (order: OrderInfo, ...tradeNos: string[]) => {
    for (const tradeNo of tradeNos) await notifyPaid(order, tradeNo);
    return outcomes(order.order_id);
  };

  it('keeps every late trade of a closed order for refund, and a repeated notice of one as a duplicate', async () => {
    const buyer = await account();
    const order = await scannedOrder(buyer.token);
    await lapseOrder(db(), order.order_id);
    expect((await get(`${OrderPath.payResult}?orderId=${order.order_id}`, buyer.token)).data).toBe('CLOSED');

    // LATE-B: the payer had scanned the other channel's QR too, and paid it as well.
    expect(await notifyTrades(order, 'LATE-A', 'LATE-B', 'LATE-A')).toEqual([
      ['LATE-A', 'refund_due'],
      ['LATE-B', 'refund_due'],
      ['LATE-A', 'duplicate'],
    ]);
    expect((await readGrade(db(), buyer.id))?.grade).toBe('FREE');
    // Money to give back bought nothing: the buyer is still a new user.
    const again = await t.request({
      method: 'POST',
      url: OrderPath.preview,
      token: buyer.token,
      body: { grade_enum: 'VIP', day: 30, rand_tag: `refund-${++tags}` },
    });
    expect(again.json().data.price).toBe(4_900);
  });

  it('keeps a second payment of a paid order for refund, granting nothing more', async () => {
    const twice = await account();
    const paidOrder = await scannedOrder(twice.token);
    expect(await notifyTrades(paidOrder, 'FIRST', 'SECOND', 'SECOND')).toEqual([
      ['FIRST', 'applied'],
      ['SECOND', 'refund_due'],
      ['SECOND', 'refund_due'],
    ]);
    const grants = await db().select().from(membershipGrants).where(eq(membershipGrants.userId, twice.id));
    expect(grants).toHaveLength(1);
    expect((await db().select().from(orders).where(eq(orders.id, paidOrder.order_id)))[0]?.status).toBe('paid');
  });

  it('lets a cancel notice that arrives after the payment change nothing, and keeps money paid after a cancel', async () => {
    const sign = (body: object) => notifySandbox(t, body);
    const buyer = await account();
    const paid = await scannedOrder(buyer.token);
    await notifyPaid(paid, 'PAID-FIRST');
    await sign({ out_trade_no: paid.order_id, trade_status: 'CANCELLED' });
    expect((await get(`${OrderPath.payResult}?orderId=${paid.order_id}`, buyer.token)).data).toBe(true);

    const cancelled = await scannedOrder(buyer.token);
    await sign({ out_trade_no: cancelled.order_id, trade_status: 'CANCELLED' });
    expect((await get(`${OrderPath.payResult}?orderId=${cancelled.order_id}`, buyer.token)).data).toBe('CANCEL');
    const endsAt = (await readGrade(db(), buyer.id))?.endsAt;
    await notifyPaid(cancelled, 'AFTER-CANCEL');
    expect((await db().select().from(orders).where(eq(orders.id, cancelled.order_id)))[0]?.status).toBe('refund_due');
    expect((await readGrade(db(), buyer.id))?.endsAt).toEqual(endsAt);
  });
});

import { OrderPath } from '@dso/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { jobs, orders, paymentEvents, sandboxTrades } from '../../../db/schema';
import { lapseOrder, readGrade } from '../../../testing';
import { scanNewOrder } from '../../../testing/orders';
import { useTestApp } from '../../../testing/route-suite';
import { enqueueJob, JobWorker } from '../../jobs';
import { ORDERS_MAINTAIN_JOB, orderJobHandlers } from './maintenance.job';

/*
 * "Orders still pending when polled are queried at the vendor; a daily job reconciles open
 * orders; an expired order is closed at the vendor." A notification the vendor sent but we never got
 * is simulated by paying the sandbox trade without delivering its notification.
 */
describe('reconciling orders whose notification was lost', () => {
  const t = useTestApp();
  const { db, account, get } = t;

  /** A VIP order whose Alipay QR was scanned (the sandbox trade exists and waits for the payer). */
  const scannedOrder = async (token: string) => {
    const { order, pageStatus } = await scanNewOrder(t, token);
    expect(pageStatus).toBe(302);
    return order;
  };
  /** The payer pays; the vendor's notification never arrives. */
  const payWithoutNotification = async (orderId: string) => {
    expect(await t.app.providers.sandboxPayment!.pay(orderId)).toBeTruthy();
  };
  const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
  const queuedRuns = () =>
    db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, ORDERS_MAINTAIN_JOB), eq(jobs.status, 'queued')));
  /** Runs the upkeep now, as a worker would when its time comes. */
  const runMaintenance = async () => {
    await db()
      .update(jobs)
      .set({ runAfter: new Date(Date.now() - 1000) })
      .where(and(eq(jobs.kind, ORDERS_MAINTAIN_JOB), eq(jobs.status, 'queued')));
    await enqueueJob(db(), { kind: ORDERS_MAINTAIN_JOB, runAfter: new Date(), singletonKey: ORDERS_MAINTAIN_JOB });
    const handlers = orderJobHandlers({ providers: t.app.providers, publicUrl: undefined });
    return new JobWorker(db(), handlers, { backoffMs: () => 0 }).drain();
  };

  it('asks the vendor about an order still pending after 30 s of polling and grants what it finds paid', async () => {
    const buyer = await account();
    const order = await scannedOrder(buyer.token);
    await payWithoutNotification(order.order_id);
    // A young order is one indexed read: nobody asks the vendor yet.
    expect((await get(`${OrderPath.payResult}?orderId=${order.order_id}`, buyer.token)).data).toBe(false);
    expect((await readGrade(db(), buyer.id))?.grade).toBe('FREE');

    await db()
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 31_000) })
      .where(eq(orders.id, order.order_id));
    // This poll starts the query in the background; a later poll (2 s on in the browser) sees the grant.
    await get(`${OrderPath.payResult}?orderId=${order.order_id}`, buyer.token);
    await vi.waitFor(async () => expect((await orderRow(order.order_id)).status).toBe('paid'), { timeout: 10_000 });
    expect((await get(`${OrderPath.payResult}?orderId=${order.order_id}`, buyer.token)).data).toBe(true);
    expect((await readGrade(db(), buyer.id))?.grade).toBe('VIP');
    const events = await db().select().from(paymentEvents).where(eq(paymentEvents.orderId, order.order_id));
    expect(events.map((event) => [event.source, event.outcome])).toEqual([['query', 'applied']]);
  });

  it('lets the upkeep job grant a lapsed order paid at the vendor, and close an unpaid one there and here', async () => {
    const buyer = await account();
    const paid = await scannedOrder(buyer.token);
    const unpaid = await scannedOrder(buyer.token);
    await payWithoutNotification(paid.order_id);
    await lapseOrder(db(), paid.order_id);
    await lapseOrder(db(), unpaid.order_id);

    expect(await runMaintenance()).toBeGreaterThanOrEqual(1);

    expect((await orderRow(paid.order_id)).status).toBe('paid');
    expect((await readGrade(db(), buyer.id))?.grade).toBe('VIP');
    expect((await orderRow(unpaid.order_id)).status).toBe('closed');
    const [trade] = await db().select().from(sandboxTrades).where(eq(sandboxTrades.outTradeNo, unpaid.order_id));
    expect(trade?.status).toBe('TRADE_CLOSED');
    // A scan after the close cannot pay it.
    expect(await t.app.providers.sandboxPayment!.pay(unpaid.order_id)).toBeFalsy();
    expect((await get(`${OrderPath.payResult}?orderId=${unpaid.order_id}`, buyer.token)).data).toBe('CLOSED');
  });

  it('queues its own next run, so the upkeep never stops', async () => {
    const started = Date.now();
    expect(await runMaintenance()).toBe(1);
    const queued = await queuedRuns();
    expect(queued).toHaveLength(1);
    // Every 10 minutes.
    expect(queued[0]!.runAfter.getTime() - started).toBeGreaterThan(9 * 60_000);
  });
});

import {
  CONSOLE_RECONCILE_ORDERS_MAX,
  type ConsoleChannel,
  type ConsoleMismatch,
  type ConsoleReconcile,
  type OrderStatus,
} from '@dso/contract';
import type { Database } from '../../../db/client';
import type { PaymentGateway, TradeState } from '../../../providers/payment/index';
import type { OrderRow } from '../orders.repository';
import { gatewayOf, type PaymentContext } from '../payments/payment-context';
import { paymentOfPaidTrade, settlePayment } from '../payments/settle-payment.service';
import { shanghaiDaySpan } from './day-span';
import { selectOrdersToReconcile } from './order-report.repository';

/*
 * Reconciliation of one Asia/Shanghai day (docs/console.md, Orders): each order of the day a QR was
 * asked for, our state against the vendor's `queryTrade`, as the pay-result poll and the upkeep job ask
 * it; and the payments we missed settled through the same settle path as a late notification.
 */

/** What the vendor said of one order, and through which gateway; null when it could not be asked. */
interface VendorView {
  order: OrderRow;
  gateway: PaymentGateway | null;
  state: TradeState | null;
}

/** How many orders are asked of the vendors at once. */
const QUERY_LANES = 6;

/**
 * Asks the order's own channel first; an answer other than paid has the other channel asked too (a
 * payer may have paid the QR of the channel left, as closing an order assumes). A failed question of
 * the order's channel leaves the state unknown.
 */
async function askVendor(context: PaymentContext, order: OrderRow): Promise<VendorView> {
  const own = gatewayOf(context, (order.channel as ConsoleChannel | null) ?? 'alipay');
  const state = await own.queryTrade(order.id).catch(() => null);
  if (!state || state.state === 'paid' || order.cycle) return { order, gateway: own, state };
  const other = gatewayOf(context, own.channel === 'alipay' ? 'wechat' : 'alipay');
  const elsewhere = await other.queryTrade(order.id).catch(() => null);
  return elsewhere?.state === 'paid' ? { order, gateway: other, state: elsewhere } : { order, gateway: own, state };
}

/** Each order asked of the vendors, a few at a time, in the orders' order. */
async function askAll(context: PaymentContext, rows: readonly OrderRow[]): Promise<VendorView[]> {
  const views: VendorView[] = new Array(rows.length);
  let next = 0;
  const lane = async () => {
    for (let index = next++; index < rows.length; index = next++) views[index] = await askVendor(context, rows[index]!);
  };
  await Promise.all(Array.from({ length: Math.min(QUERY_LANES, rows.length) }, lane));
  return views;
}

/** We hold money for the order (paid, or kept for refund); a 0-fen order never reached a vendor. */
const weHoldMoney = (order: OrderRow) => order.paidAt !== null && order.payMoneyFen > 0;

/**
 * Where we and the vendor disagree, or null when we agree:
 * 1. the vendor could not be asked: unknown;
 * 2. the vendor took money: if we hold none, we missed it (vendor_paid; amount when it took another sum);
 *    if we hold it, the amounts must agree;
 * 3. the vendor holds nothing (pending, closed, never heard of it, or refunded) while we say paid: we_paid.
 *    Money we keep for refund that the vendor has refunded is the refunds' business, not a difference.
 */
function mismatchOf({ order, gateway, state }: VendorView): ConsoleMismatch | null {
  const base = {
    order_id: order.id,
    channel: (gateway?.channel ?? order.channel) as ConsoleChannel | null,
    our_status: order.status as OrderStatus,
    our_fen: order.payMoneyFen,
    vendor_state: state?.state ?? null,
    vendor_fen: state?.state === 'paid' ? state.amountFen : null,
    vendor_trade_no: state?.state === 'paid' ? state.vendorTradeNo : null,
  };
  if (!state) return { ...base, kind: 'unknown' };
  if (state.state === 'paid') {
    if (state.amountFen !== order.payMoneyFen) return { ...base, kind: 'amount' };
    return weHoldMoney(order) ? null : { ...base, kind: 'vendor_paid' };
  }
  if (order.status === 'paid') return { ...base, kind: 'we_paid' };
  return null;
}

/**
 * The day's orders (or its order `orderId`) as the vendors see them, the oldest CONSOLE_RECONCILE_ORDERS_MAX,
 * and whether the day had more.
 */
async function viewsOfDay(context: PaymentContext, day: string, orderId?: string) {
  const [from, to] = shanghaiDaySpan(day);
  const rows = await selectOrdersToReconcile(context.db, {
    from,
    to,
    limit: CONSOLE_RECONCILE_ORDERS_MAX + 1,
    ...(orderId === undefined ? {} : { orderId }),
  });
  const asked = rows.slice(0, CONSOLE_RECONCILE_ORDERS_MAX);
  return { views: await askAll(context, asked), capped: rows.length > asked.length };
}

/** The day's orders against the vendors: how many were asked, how many agree, and each difference. */
export async function reconcileDay(context: PaymentContext, day: string): Promise<ConsoleReconcile> {
  const { views, capped } = await viewsOfDay(context, day);
  const mismatches = views.map(mismatchOf).filter((mismatch) => mismatch !== null);
  return { day, checked: views.length, capped, matched: views.length - mismatches.length, mismatches };
}

/** One payment the reconciliation settled, as the caller records it. */
export interface ReconciledPayment {
  orderId: string;
  userId: number;
  before: { status: string; pay_fen: number };
  after: { status: 'paid' | 'refund_due'; vendor_trade_no: string; vendor_fen: number; channel: string };
}

/**
 * Settles the payments of the day (or of its order `orderId`) the vendor took and we missed, each through
 * the settle path a late notification takes: a pending order is granted, an ended one keeps the money
 * for refund. `record` runs in the transaction of each change and answers its audit entry's id. An order
 * settled meanwhile (by a notification, or a second run) is a duplicate: nothing applied, nothing recorded.
 */
export async function settleMissedPayments(
  context: PaymentContext,
  options: { day: string; orderId?: string; now: Date },
  record: (tx: Database, payment: ReconciledPayment) => Promise<number>,
): Promise<{ orderId: string; status: 'paid' | 'refund_due'; auditId: number }[]> {
  const settled = [];
  for (const view of (await viewsOfDay(context, options.day, options.orderId)).views) {
    const { order, gateway, state } = view;
    if (mismatchOf(view)?.kind !== 'vendor_paid' || state?.state !== 'paid' || !gateway) continue;
    const recorded: { auditId?: number; status?: 'paid' | 'refund_due' } = {};
    const payment = paymentOfPaidTrade(order.id, state, gateway.provider);
    await settlePayment(context, payment, options.now, async (tx, outcome) => {
      if (outcome !== 'applied' && outcome !== 'refund_due') return;
      recorded.status = outcome === 'applied' ? 'paid' : 'refund_due';
      recorded.auditId = await record(tx, {
        orderId: order.id,
        userId: order.userId,
        before: { status: order.status, pay_fen: order.payMoneyFen },
        after: {
          status: recorded.status,
          vendor_trade_no: state.vendorTradeNo,
          vendor_fen: state.amountFen,
          channel: gateway.channel,
        },
      });
    });
    if (recorded.auditId !== undefined && recorded.status) {
      settled.push({ orderId: order.id, status: recorded.status, auditId: recorded.auditId });
    }
  }
  return settled;
}

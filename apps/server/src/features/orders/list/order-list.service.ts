import type { InvoiceStatus, OrderItem, OrderStatus, PayMode } from '@dso/contract';
import { normalizeGrade, shanghaiDay } from '@dso/domain';
import type { Database } from '../../../db/client';
import { unixSeconds } from '../../../lib/unix-seconds';
import { type EffectivePeriod, effectivePeriods } from '../membership/membership.service';
import { findOrder, type OrderRow } from '../orders.repository';
import { orderTitle } from '../payments/payments.service';
import { selectActiveInvoices, selectUserOrders } from './order-list.repository';

const payModes: Record<string, PayMode> = { alipay: 'AliPay', wechat: 'WxPay' };

type InvoiceOfOrder = { invoiceId: string; status: string };

/** One order as 我的订单 (and the invoiceable list) shows it, with its period as it holds now. */
function toOrderItem(
  order: OrderRow,
  title: string,
  period: EffectivePeriod | undefined,
  invoice: InvoiceOfOrder | undefined,
): OrderItem {
  const paid = order.status === 'paid';
  // Without a grant (a count pack) the order's own dates stand: none.
  const shown = period ?? { startsAt: order.grantStartsAt, endsAt: order.grantEndsAt, cutBy: null };
  return {
    order_id: order.id,
    kind: order.kind === 'pack' ? 'pack' : 'membership',
    title,
    grade: order.kind === 'pack' ? null : normalizeGrade(order.grade),
    price: order.priceFen,
    pay_money: order.payMoneyFen,
    status: order.status as OrderStatus,
    pay_mode: order.channel ? (payModes[order.channel] ?? null) : null,
    create_time: unixSeconds(order.createdAt) as number,
    pay_time: unixSeconds(order.paidAt),
    start_date: paid && shown.startsAt ? shanghaiDay(shown.startsAt) : null,
    end_date: paid && shown.endsAt ? shanghaiDay(shown.endsAt) : null,
    period_cut: paid ? shown.cutBy : null,
    invoice_id: invoice?.invoiceId ?? null,
    invoice_status: (invoice?.status as InvoiceStatus | undefined) ?? null,
  };
}

/** Orders as 我的订单 (and the invoiceable list) show them, with the invoice covering each if given. */
export async function toOrderItems(
  db: Database,
  rows: readonly OrderRow[],
  invoices: ReadonlyMap<string, InvoiceOfOrder> = new Map(),
): Promise<OrderItem[]> {
  const periods = await effectivePeriods(
    db,
    rows.filter((row) => row.kind !== 'pack' && row.status === 'paid').map((row) => `order:${row.id}`),
  );
  const items = [];
  for (const row of rows) {
    const title = await orderTitle({ db }, row);
    items.push(toOrderItem(row, title, periods.get(`order:${row.id}`), invoices.get(row.id)));
  }
  return items;
}

/** `find_order_list`: the caller's orders, newest first, with the invoice covering each. */
export async function listOrders(db: Database, userId: number, pageNo: number, pageSize: number) {
  const { rows, total } = await selectUserOrders(db, userId, (pageNo - 1) * pageSize, pageSize);
  const invoices = new Map(
    (
      await selectActiveInvoices(
        db,
        rows.map((row) => row.id),
      )
    ).map((row) => [row.orderId, row]),
  );
  return { list: await toOrderItems(db, rows, invoices), total };
}

/** The account an order belongs to, by its number (the console finds a member by order number); null if none. */
export async function findOrderOwner(db: Database, orderId: string): Promise<number | null> {
  return (await findOrder(db, orderId))?.userId ?? null;
}

import type { InvoiceStatus, OrderItem, OrderStatus, PayMode } from '@dso/contract';
import { normalizeGrade } from '@dso/domain';
import type { Database } from '../../../db/client';
import { shanghaiDay } from '../order-ids';
import type { OrderRow } from '../orders.repository';
import { orderTitle } from '../payments/payments.service';
import { selectActiveInvoices, selectUserOrders } from './order-list.repository';

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);
const payModes: Record<string, PayMode> = { alipay: 'AliPay', wechat: 'WxPay' };

/** One order as 我的订单 (and the invoiceable list) shows it. */
export async function toOrderItem(
  db: Database,
  order: OrderRow,
  invoice: { invoiceId: string; status: string } | undefined,
): Promise<OrderItem> {
  const paid = order.status === 'paid';
  return {
    order_id: order.id,
    kind: order.kind === 'pack' ? 'pack' : 'membership',
    title: await orderTitle({ db }, order),
    grade: order.kind === 'pack' ? null : normalizeGrade(order.grade),
    price: order.priceFen,
    pay_money: order.payMoneyFen,
    status: order.status as OrderStatus,
    pay_mode: order.channel ? (payModes[order.channel] ?? null) : null,
    create_time: seconds(order.createdAt) as number,
    pay_time: seconds(order.paidAt),
    start_date: paid && order.grantStartsAt ? shanghaiDay(order.grantStartsAt) : null,
    end_date: paid && order.grantEndsAt ? shanghaiDay(order.grantEndsAt) : null,
    invoice_id: invoice?.invoiceId ?? null,
    invoice_status: (invoice?.status as InvoiceStatus | undefined) ?? null,
  };
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
  const list = [];
  for (const row of rows) list.push(await toOrderItem(db, row, invoices.get(row.id)));
  return { list, total };
}

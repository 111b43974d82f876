import { FileTextOutlined } from '@ant-design/icons';
import type { OrderItem, OrderStatus, PayMode } from '@dso/contract';
import { formatTime, yuanText } from '@dso/domain';
import { Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { usePagedList } from '../../../lib/use-paged-list';
import { ORDER_PAGE_SIZE, orderListQuery } from '../api/order-list-api';
import { InvoiceRequestDialog } from './invoice-request-dialog';
import { InvoiceStatusTag } from './invoice-status';
import { PagedTable } from './paged-table';

/** How an order's state reads in 我的订单. */
export const orderStatusText: Record<OrderStatus, string> = {
  pending: '待支付',
  paid: '已支付',
  cancelled: '已取消',
  closed: '已关闭',
  refund_due: '待退款',
};

const orderStatusColor: Record<OrderStatus, string> = {
  pending: 'gold',
  paid: 'success',
  cancelled: 'default',
  closed: 'default',
  refund_due: 'orange',
};

export const payModeText: Record<PayMode, string> = { AliPay: '支付宝', WxPay: '微信支付' };

/** Why a period ended early: its rest went into an upgrade's 会员抵扣, or a card of another grade offset it. */
const periodCutText: Record<NonNullable<OrderItem['period_cut']>, string> = {
  upgrade: '已升级，剩余部分已抵扣',
  card: '已兑换会员卡，剩余部分已抵消',
};

/**
 * An order's membership period as it holds now: cut short on the day another grade replaced it (with
 * why), or 未生效 when it was replaced before it began.
 */
function OrderPeriod({ order }: { order: OrderItem }) {
  const dates = order.start_date && order.end_date ? `${order.start_date} 至 ${order.end_date}` : null;
  if (!order.period_cut) return dates ?? '—';
  return (
    <div className="orders-period" data-testid="order-period-cut">
      <span>{dates ?? '未生效'}</span>
      <span className="orders-muted">{periodCutText[order.period_cut]}</span>
    </div>
  );
}

/** An order can go on an invoice once it is paid with money and no live invoice covers it yet. */
export function isInvoiceable(order: OrderItem): boolean {
  return order.status === 'paid' && order.pay_money > 0 && order.invoice_id === null;
}

const columns: ColumnsType<OrderItem> = [
  {
    // What was bought over its order number: as separate columns the 22-character number wrapped and
    // left the content a few characters at the setting page's width.
    title: '订单',
    key: 'order',
    render: (_value, order) => (
      <div className="orders-order-cell">
        <span className="orders-order-cell__title" title={order.title}>
          {order.title}
        </span>
        <span className="orders-mono orders-muted">{order.order_id}</span>
      </div>
    ),
  },
  { title: '金额', dataIndex: 'pay_money', width: 100, render: (value: number) => `¥${yuanText(value)}` },
  {
    title: '状态',
    dataIndex: 'status',
    width: 90,
    render: (value: OrderStatus) => <Tag color={orderStatusColor[value]}>{orderStatusText[value]}</Tag>,
  },
  {
    title: '支付方式',
    dataIndex: 'pay_mode',
    width: 100,
    render: (value: PayMode | null) => (value ? payModeText[value] : '—'),
  },
  { title: '下单时间', dataIndex: 'create_time', width: 180, render: (value: number) => formatTime(value) },
  {
    title: '会员有效期',
    key: 'period',
    width: 216,
    render: (_value, order) => <OrderPeriod order={order} />,
  },
  {
    title: '发票',
    key: 'invoice',
    width: 110,
    render: (_value, order) => {
      if (order.invoice_status) return <InvoiceStatusTag status={order.invoice_status} />;
      return isInvoiceable(order) ? <span className="orders-muted">未开票</span> : '—';
    },
  },
];

/**
 * 我的订单's order list (000 §2.3): order id, content, amount, state, pay mode, order time,
 * membership period and invoice state, a page at a time. Paid orders without an invoice can be
 * selected, across pages, and 申请开票 asks for one invoice covering them.
 */
export function OrdersTable() {
  const orders = usePagedList(orderListQuery, ORDER_PAGE_SIZE);
  const [selected, setSelected] = useState<OrderItem[]>([]);
  const [invoicing, setInvoicing] = useState(false);
  const total = selected.reduce((sum, order) => sum + order.pay_money, 0);

  return (
    <div className="orders-table" data-testid="orders-table">
      <div className="orders-toolbar">
        <span className="orders-muted" data-testid="orders-selection">
          {selected.length > 0
            ? `已选 ${selected.length} 个订单，合计 ¥${yuanText(total)}`
            : '勾选已支付且未开票的订单即可申请开票'}
        </span>
        <Button
          type="primary"
          icon={<FileTextOutlined />}
          disabled={selected.length === 0}
          onClick={() => setInvoicing(true)}
        >
          申请开票
        </Button>
      </div>
      <PagedTable<OrderItem>
        rowKey="order_id"
        columns={columns}
        list={orders}
        scrollX={1040}
        emptyText="暂无订单"
        rowSelection={{
          selectedRowKeys: selected.map((order) => order.order_id),
          preserveSelectedRowKeys: true,
          getCheckboxProps: (order) => ({
            disabled: !isInvoiceable(order),
            'aria-label': `选择订单 ${order.order_id}`,
          }),
          onChange: (_keys, rows) => {
            // Rows of other pages come back undefined; keep the ones already chosen there.
            setSelected((previous) => {
              const chosen = rows.filter((row): row is OrderItem => Boolean(row));
              const pageIds = new Set((orders.data?.list ?? []).map((order) => order.order_id));
              return [...previous.filter((order) => !pageIds.has(order.order_id)), ...chosen];
            });
          },
        }}
      />
      <InvoiceRequestDialog
        open={invoicing}
        orders={selected}
        onClose={() => setInvoicing(false)}
        onSubmitted={() => {
          setInvoicing(false);
          setSelected([]);
        }}
      />
    </div>
  );
}

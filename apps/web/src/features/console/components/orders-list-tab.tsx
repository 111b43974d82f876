import {
  CONSOLE_ORDERS_PAGE_SIZE,
  type ConsoleChannel,
  type ConsoleOrderRow,
  consoleChannelSchema,
  type OrderStatus,
  orderStatusSchema,
} from '@dso/contract';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Input, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { usePagedList } from '../../../lib/use-paged-list';
import { consoleOrdersQuery, consolePlanChoicesQuery, type OrderFilters } from '../api/orders-api';
import { channelNames, channelText, shanghaiToday, timeText, yuanText } from '../console-format';
import { PagedTable, stateTag } from './console-table';
import { FilterSelect } from './filter-select';
import { orderStatus } from './member-tabs';
import { OrderTotals } from './order-totals';

const statusColor: Partial<Record<OrderStatus, string>> = { paid: 'green', pending: 'gold', refund_due: 'orange' };

type Days = [Dayjs | null, Dayjs | null] | null;

/** The last 30 days, today included: what the list shows until told otherwise. */
const lastMonth = (): Days => [shanghaiToday().subtract(29, 'day'), shanghaiToday()];

/**
 * 订单: orders filtered by day range, channel, kind, plan, status and a phone or order number (`q`,
 * which opens the list without a day range so an old order is found too), their totals, 20 a page.
 */
export function OrdersListTab({ initialQuery }: { initialQuery: string }) {
  const [days, setDays] = useState<Days>(initialQuery ? null : lastMonth());
  const [filters, setFilters] = useState<Omit<OrderFilters, 'from' | 'to' | 'page_no'>>(
    initialQuery ? { q: initialQuery } : {},
  );
  const plans = useQuery(consolePlanChoicesQuery).data ?? [];
  const orders = usePagedList(
    (page) =>
      consoleOrdersQuery({
        ...filters,
        from: days?.[0]?.format('YYYY-MM-DD'),
        to: days?.[1]?.format('YYYY-MM-DD'),
        page_no: page,
      }),
    CONSOLE_ORDERS_PAGE_SIZE,
  );
  const filter = <Key extends keyof typeof filters>(key: Key) =>
    orders.filtered((value: (typeof filters)[Key]) =>
      setFilters((current) => ({ ...current, [key]: value || undefined })),
    );
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Space wrap>
        <DatePicker.RangePicker value={days} onChange={orders.filtered(setDays)} aria-label="按下单日期筛选" />
        <FilterSelect<ConsoleChannel>
          label="按渠道筛选"
          placeholder="全部渠道"
          value={filters.channel}
          onChange={filter('channel')}
          options={consoleChannelSchema.options.map((value) => ({ value, label: channelNames[value] }))}
        />
        <FilterSelect<'membership' | 'pack'>
          label="按类型筛选"
          placeholder="全部类型"
          value={filters.kind}
          onChange={filter('kind')}
          options={[
            { value: 'membership', label: '会员' },
            { value: 'pack', label: '次数包' },
          ]}
        />
        <FilterSelect<string>
          label="按套餐筛选"
          width={220}
          showSearch
          optionFilterProp="label"
          placeholder="全部套餐"
          value={filters.plan}
          onChange={filter('plan')}
          options={plans.map((plan) => ({ value: plan.plan, label: plan.plan_name }))}
        />
        <FilterSelect<OrderStatus>
          label="按状态筛选"
          placeholder="全部状态"
          value={filters.status}
          onChange={filter('status')}
          options={orderStatusSchema.options.map((value) => ({ value, label: orderStatus[value] ?? value }))}
        />
        <Input.Search
          allowClear
          placeholder="手机号 / 订单号"
          defaultValue={initialQuery}
          onSearch={(value) => filter('q')(value.trim())}
          enterButton="查找"
          style={{ width: 360 }}
          aria-label="按手机号或订单号查找"
        />
      </Space>
      {orders.data && <OrderTotals totals={orders.data.totals} />}
      <PagedTable<ConsoleOrderRow>
        rowKey="order_id"
        size="small"
        list={orders}
        showTotal={(total) => `共 ${total} 笔`}
        scroll={{ x: 1200 }}
        locale={{ emptyText: '没有符合条件的订单' }}
        columns={[
          { title: '订单号', dataIndex: 'order_id', width: 230 },
          { title: '用户', dataIndex: 'phone', render: (phone: string | null, row) => phone ?? `ID ${row.user_id}` },
          { title: '套餐', dataIndex: 'plan_name' },
          { title: '实付', dataIndex: 'pay_fen', align: 'right', render: (fen: number) => yuanText(fen) },
          { title: '状态', dataIndex: 'status', render: stateTag(orderStatus, statusColor) },
          { title: '渠道', dataIndex: 'channel', render: (channel: string | null) => channelText(channel) },
          { title: '下单时间', dataIndex: 'create_time', render: timeText },
          { title: '支付时间', dataIndex: 'pay_time', render: timeText },
          { title: '渠道交易号', dataIndex: 'vendor_trade_no', render: (value: string | null) => value ?? '—' },
        ]}
      />
    </Space>
  );
}

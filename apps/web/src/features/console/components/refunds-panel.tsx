import {
  type ConsoleMe,
  type ConsoleRefund,
  type ConsoleRefundList,
  consoleRefundDueReasons,
  consoleRefundStatusLabels,
} from '@dso/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useConsoleAction } from '../api/console-request';
import { consoleRefundsQuery, markConsolePaymentRefunded, refundConsolePayment, refundsKey } from '../api/refunds-api';
import { channelText as channelName, timeText, yuanText } from '../console-format';
import { stateTag } from './console-table';
import { ReasonDialog } from './reason-dialog';

const statusColors: Record<ConsoleRefund['status'], string> = {
  due: 'orange',
  processing: 'blue',
  success: 'green',
  failed: 'red',
  by_hand: 'default',
};

/** A success is announced by the vendor's notification a moment after its answer: poll that long. */
const NOTICE_WAIT_S = 120;
const POLL_MS = 3000;

/** Whether the list is still waiting on a vendor: a refund in flight, or a fresh success not yet notified. */
function awaitsVendor(data: ConsoleRefundList | undefined) {
  const now = Date.now() / 1000;
  return Boolean(
    data?.list.some(
      (row) =>
        row.status === 'processing' ||
        (row.status === 'success' && row.notify_time === null && now - (row.request_time ?? 0) < NOTICE_WAIT_S),
    ),
  );
}

const channelText = (row: ConsoleRefund) => {
  const name = channelName(row.channel, row.provider);
  return row.provider === 'sandbox' ? `${name}（沙箱）` : name;
};

function StatusCell({ row }: { row: ConsoleRefund }) {
  const detail =
    row.status === 'failed'
      ? row.vendor_error
      : row.status === 'success'
        ? row.notify_time
          ? `渠道已通知 ${timeText(row.notify_time)}`
          : '等待渠道通知'
        : row.status === 'by_hand'
          ? `${row.staff_name ?? ''} ${timeText(row.finish_time)}`
          : row.status === 'processing'
            ? '等待渠道结果'
            : null;
  return (
    <Space direction="vertical" size={0}>
      {stateTag(consoleRefundStatusLabels, statusColors)(row.status)}
      {detail && (
        <Typography.Text type={row.status === 'failed' ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
          {detail}
        </Typography.Text>
      )}
    </Space>
  );
}

type Acting = { row: ConsoleRefund; kind: 'vendor' | 'hand' };

/** 待退款 on the orders page: payments due back, refunded through the vendor or marked refunded by hand. */
export function RefundsPanel({ me }: { me: ConsoleMe }) {
  const { data, isLoading } = useQuery({
    ...consoleRefundsQuery,
    refetchInterval: (query) => (awaitsVendor(query.state.data) ? POLL_MS : false),
  });
  const act = useConsoleAction(refundsKey);
  const [acting, setActing] = useState<Acting | null>(null);
  const mayAct = me.abilities.includes('orders.act');
  const open = (row: ConsoleRefund) => row.status === 'due' || row.status === 'failed';

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text>
        待处理 {data?.open_count ?? 0} 笔，共 {yuanText(data?.open_amount ?? 0)}
      </Typography.Text>
      <Table<ConsoleRefund>
        rowKey="payment_id"
        loading={isLoading}
        dataSource={data?.list ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        size="middle"
        scroll={{ x: 'max-content' }}
        columns={[
          { title: '订单号', dataIndex: 'order_id' },
          { title: '会员手机号', dataIndex: 'phone', render: (phone: string | null) => phone ?? '—' },
          { title: '渠道', key: 'channel', render: (_, row) => channelText(row) },
          { title: '金额', dataIndex: 'amount', render: yuanText },
          { title: '到账时间', dataIndex: 'paid_time', render: timeText },
          {
            title: '原因',
            dataIndex: 'due_reason',
            render: (reason: ConsoleRefund['due_reason']) => consoleRefundDueReasons[reason],
          },
          { title: '退款状态', key: 'status', render: (_, row) => <StatusCell row={row} /> },
          ...(mayAct
            ? [
                {
                  title: '操作',
                  key: 'actions',
                  render: (_: unknown, row: ConsoleRefund) =>
                    open(row) && (
                      <Space>
                        <Button size="small" type="primary" onClick={() => setActing({ row, kind: 'vendor' })}>
                          原路退款
                        </Button>
                        <Button size="small" onClick={() => setActing({ row, kind: 'hand' })}>
                          标记已退款
                        </Button>
                      </Space>
                    ),
                },
              ]
            : []),
        ]}
      />
      <ReasonDialog<object>
        key={acting ? `${acting.kind}-${acting.row.payment_id}` : 'none'}
        title={acting?.kind === 'hand' ? '标记已退款' : '原路退款'}
        okText={acting?.kind === 'hand' ? '确认标记' : '确认退款'}
        open={acting !== null}
        onClose={() => setActing(null)}
        summary={acting && summaryOf(acting)}
        onSubmit={({ reason }) => {
          if (!acting) return Promise.resolve();
          const body = { payment_id: acting.row.payment_id, reason };
          return acting.kind === 'hand'
            ? act(() => markConsolePaymentRefunded(body), '已标记为线下退款')
            : act(() => refundConsolePayment(body), '已提交原路退款');
        }}
      />
    </Space>
  );
}

function summaryOf({ row, kind }: Acting) {
  const who = `订单 ${row.order_id}（${row.phone ?? '未知会员'}）`;
  return kind === 'hand'
    ? `确认已在支付渠道之外退回 ${yuanText(row.amount)} 给${who}，此操作不会调用支付渠道。`
    : `将通过${channelText(row)}原路退回 ${yuanText(row.amount)} 给${who}。`;
}

import { CONSOLE_RECONCILE_ORDERS_MAX, type ConsoleMismatch, type ConsoleMismatchKind } from '@dso/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, DatePicker, Row, Space, Statistic, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useConsoleAction } from '../api/console-request';
import { applyConsoleReconciliation, consoleReconcileQuery, ordersKey } from '../api/orders-api';
import { channelText, shanghaiToday, yuanText } from '../console-format';
import { stateTag } from './console-table';
import { orderStatus } from './member-tabs';
import { ReasonDialog } from './reason-dialog';

const kindText: Record<ConsoleMismatchKind, string> = {
  vendor_paid: '渠道已收款，我方未记录',
  we_paid: '我方已支付，渠道未收款',
  amount: '金额不一致',
  unknown: '渠道暂时无法查询',
};
const kindColor: Record<ConsoleMismatchKind, string> = {
  vendor_paid: 'red',
  we_paid: 'volcano',
  amount: 'orange',
  unknown: 'default',
};

const vendorStateText: Record<string, string> = {
  paid: '已支付',
  pending: '待支付',
  closed: '已关闭',
  not_exist: '无此交易',
  refunded: '已退款',
};

const fen = (value: number | null) => (value === null ? '—' : yuanText(value));

/** What the 补记 dialog settles: every missed payment of the day, or one order. */
type Settling = { orderId: string | null; count: number } | null;

/**
 * 对账: a day's orders (Asia/Shanghai) against the vendors, asked only when 开始对账 is pressed; the
 * differences listed, and 补记 (orders.act) of the payments the vendor took and we missed.
 */
export function ReconcileTab({ canAct }: { canAct: boolean }) {
  const [picked, setPicked] = useState<Dayjs>(shanghaiToday);
  const [day, setDay] = useState<string | null>(null);
  const [settling, setSettling] = useState<Settling>(null);
  const { data, isFetching, refetch } = useQuery({
    ...consoleReconcileQuery(day ?? ''),
    enabled: day !== null,
  });
  // Settling changes the day's differences and the orders listed: both are reloaded.
  const act = useConsoleAction(ordersKey);
  const missed = data?.mismatches.filter((row) => row.kind === 'vendor_paid') ?? [];
  const start = () => {
    const chosen = picked.format('YYYY-MM-DD');
    if (chosen === day) void refetch();
    else setDay(chosen);
  };
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Space wrap>
        <DatePicker
          value={picked}
          allowClear={false}
          onChange={(value) => value && setPicked(value)}
          disabledDate={(value) => value.isAfter(shanghaiToday(), 'day')}
          aria-label="对账日期"
        />
        <Button type="primary" loading={isFetching} onClick={start}>
          开始对账
        </Button>
        {canAct && missed.length > 0 && (
          <Button danger onClick={() => setSettling({ orderId: null, count: missed.length })}>
            全部补记（{missed.length}）
          </Button>
        )}
      </Space>
      {data && (
        <>
          <Row gutter={16}>
            <Col xs={8}>
              <Statistic title={`${data.day} 核对订单`} value={data.checked} />
            </Col>
            <Col xs={8}>
              <Statistic title="一致" value={data.matched} />
            </Col>
            <Col xs={8}>
              <Statistic
                title="差异"
                value={data.mismatches.length}
                styles={data.mismatches.length ? { content: { color: '#cf1322' } } : {}}
              />
            </Col>
          </Row>
          {data.capped && (
            <Alert
              type="warning"
              showIcon
              message={`该日订单超过 ${CONSOLE_RECONCILE_ORDERS_MAX} 笔，仅核对了最早的 ${CONSOLE_RECONCILE_ORDERS_MAX} 笔`}
            />
          )}
          {data.mismatches.length === 0 ? (
            <Alert
              type="success"
              showIcon
              message={data.capped ? '已核对的订单与支付渠道一致' : '该日订单与支付渠道一致'}
            />
          ) : (
            <Table<ConsoleMismatch>
              rowKey="order_id"
              size="small"
              dataSource={data.mismatches}
              pagination={false}
              scroll={{ x: 1100 }}
              columns={[
                { title: '订单号', dataIndex: 'order_id', width: 230 },
                { title: '差异', dataIndex: 'kind', render: stateTag(kindText, kindColor) },
                {
                  title: '渠道',
                  dataIndex: 'channel',
                  render: (value: string | null) => channelText(value),
                },
                { title: '我方状态', dataIndex: 'our_status', render: (value: string) => orderStatus[value] ?? value },
                { title: '我方金额', dataIndex: 'our_fen', align: 'right', render: fen },
                {
                  title: '渠道状态',
                  dataIndex: 'vendor_state',
                  render: (value: string | null) => (value ? (vendorStateText[value] ?? value) : '—'),
                },
                { title: '渠道金额', dataIndex: 'vendor_fen', align: 'right', render: fen },
                { title: '渠道交易号', dataIndex: 'vendor_trade_no', render: (value: string | null) => value ?? '—' },
                ...(canAct
                  ? [
                      {
                        title: '操作',
                        key: 'act',
                        render: (_: unknown, row: ConsoleMismatch) =>
                          row.kind === 'vendor_paid' && (
                            <Button size="small" onClick={() => setSettling({ orderId: row.order_id, count: 1 })}>
                              补记
                            </Button>
                          ),
                      },
                    ]
                  : []),
              ]}
            />
          )}
        </>
      )}
      <ReasonDialog
        title="按支付渠道补记"
        summary={
          settling?.orderId
            ? `按渠道的支付记录补记订单 ${settling.orderId}：待支付的订单开通权益，已关闭的订单转为待退款。`
            : `按渠道的支付记录补记 ${day} 的 ${settling?.count ?? 0} 笔订单：待支付的订单开通权益，已关闭的订单转为待退款。`
        }
        okText="确认补记"
        open={settling !== null}
        onClose={() => setSettling(null)}
        onSubmit={(values) =>
          act(
            () =>
              applyConsoleReconciliation({
                day: day ?? '',
                ...(settling?.orderId ? { order_id: settling.orderId } : {}),
                reason: values.reason,
              }),
            '已按支付渠道补记',
          )
        }
      />
    </Space>
  );
}

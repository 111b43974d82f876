import type { ConsoleOrderTotals } from '@dso/contract';
import { Card, Col, Row, Space, Statistic, Table } from 'antd';
import { channelText, yuanText } from '../console-format';

type Figures = ConsoleOrderTotals['all'];

/** The three figures of a group, as table columns after its own. */
const figureColumns = [
  { title: '订单', dataIndex: 'orders', align: 'right' as const },
  { title: '已支付', dataIndex: 'paid_count', align: 'right' as const },
  { title: '实收', dataIndex: 'paid_fen', align: 'right' as const, render: (fen: number) => yuanText(fen) },
];

function GroupTable<Row extends Figures>(props: {
  title: string;
  rows: Row[];
  rowKey: (row: Row) => string;
  label: string;
  render: (row: Row) => string;
}) {
  return (
    <Card size="small" title={props.title}>
      <Table<Row>
        size="small"
        rowKey={props.rowKey}
        dataSource={props.rows}
        pagination={false}
        scroll={{ y: 240 }}
        locale={{ emptyText: '暂无订单' }}
        columns={[
          {
            title: props.label,
            key: 'label',
            onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
            render: (_, row) => props.render(row),
          },
          ...figureColumns,
        ]}
      />
    </Card>
  );
}

/** The totals of the filtered orders: overall figures, then by day, by channel and by plan. */
export function OrderTotals({ totals }: { totals: ConsoleOrderTotals }) {
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Row gutter={16}>
        <Col xs={8}>
          <Statistic title="订单数" value={totals.all.orders} />
        </Col>
        <Col xs={8}>
          <Statistic title="已支付笔数" value={totals.all.paid_count} />
        </Col>
        <Col xs={8}>
          <Statistic title="实收金额" value={yuanText(totals.all.paid_fen)} />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={7}>
          <GroupTable
            title="按日"
            label="日期"
            rows={totals.by_day}
            rowKey={(row) => row.day}
            render={(row) => row.day}
          />
        </Col>
        <Col xs={24} lg={7}>
          <GroupTable
            title="按渠道"
            label="渠道"
            rows={totals.by_channel}
            rowKey={(row) => row.channel ?? 'none'}
            render={(row) => channelText(row.channel, '无需支付')}
          />
        </Col>
        <Col xs={24} lg={10}>
          <GroupTable
            title="按套餐"
            label="套餐"
            rows={totals.by_plan}
            rowKey={(row) => row.plan}
            render={(row) => row.plan_name}
          />
        </Col>
      </Row>
    </Space>
  );
}

import { ADMIN_CARD_BATCH_MAX, type AdminCard, type ConsoleCardBatch, marketingMessages } from '@dso/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, InputNumber, Space, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { showConsoleRefusal, useConsoleAction } from '../api/console-request';
import {
  consoleBatchCardsQuery,
  consoleCardBatchesQuery,
  createConsoleCardBatch,
  downloadCardBatch,
  marketingKey,
} from '../api/marketing-api';
import { gradeText, timeText, yuanText } from '../console-format';
import { DaysItem, fenOrNull, GradeItem, YuanItem } from './marketing-fields';
import { ReasonDialog } from './reason-dialog';

interface BatchForm {
  batch: string;
  grade: 'VIP' | 'SVIP' | 'EVIP';
  days: number;
  count: number;
  value?: number | null;
  redeem_by?: Dayjs | null;
}

function cardState(card: AdminCard) {
  if (card.redeemed_at !== null) return <Tag color="blue">已兑换</Tag>;
  if (card.redeem_by !== null && card.redeem_by * 1000 <= Date.now()) return <Tag>已过期</Tag>;
  return <Tag color="green">未兑换</Tag>;
}

/** A batch's cards: each code, its state, and who redeemed it when. */
function BatchCards({ batch }: { batch: string }) {
  const { data, isLoading } = useQuery(consoleBatchCardsQuery(batch));
  return (
    <Table<AdminCard>
      rowKey="code"
      size="small"
      loading={isLoading}
      dataSource={data?.list ?? []}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      columns={[
        { title: '序号', render: (_, _card, index) => index + 1, width: 70 },
        { title: '卡密', dataIndex: 'code', render: (code: string) => <code>{code}</code> },
        { title: '状态', render: (_, card) => cardState(card) },
        { title: '兑换手机号', dataIndex: 'redeemed_phone', render: (phone: string | null) => phone ?? '—' },
        { title: '兑换时间', dataIndex: 'redeemed_at', render: timeText },
      ]}
    />
  );
}

/** 会员卡: the batches with who made them, each batch's cards and their redemption, a new batch, the CSV. */
export function MarketingCards() {
  const { data = [], isLoading } = useQuery(consoleCardBatchesQuery);
  const act = useConsoleAction(marketingKey.cards);
  /** The open dialog's request id, made when it opens: every try of that dialog makes one batch at most. */
  const [requestId, setRequestId] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);

  const download = async (batch: string) => {
    setDownloading(batch);
    try {
      await downloadCardBatch(batch);
    } catch (error) {
      showConsoleRefusal(error);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Button type="primary" onClick={() => setRequestId(crypto.randomUUID())}>
        生成会员卡
      </Button>
      <Table<ConsoleCardBatch>
        rowKey="batch"
        loading={isLoading}
        dataSource={data}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        size="middle"
        expandable={{ expandedRowRender: (row) => <BatchCards batch={row.batch} /> }}
        columns={[
          { title: '批次', dataIndex: 'batch' },
          { title: '等级', dataIndex: 'grade', render: gradeText },
          { title: '天数', dataIndex: 'days', render: (days: number) => `${days}天` },
          { title: '面值', dataIndex: 'value_fen', render: yuanText },
          { title: '兑换截止', dataIndex: 'redeem_by', render: (at: number | null) => (at ? timeText(at) : '不限') },
          { title: '数量', dataIndex: 'count' },
          { title: '已兑换', dataIndex: 'redeemed' },
          { title: '创建人', dataIndex: 'staff_name', render: (name: string | null) => name ?? '—' },
          { title: '创建时间', dataIndex: 'create_time', render: timeText },
          {
            title: '操作',
            render: (_, row) => (
              <Button size="small" loading={downloading === row.batch} onClick={() => void download(row.batch)}>
                导出CSV
              </Button>
            ),
          },
        ]}
      />
      <ReasonDialog<BatchForm>
        key={requestId ?? 'closed'}
        title="生成会员卡"
        summary="生成后可在列表中导出 CSV（卡密、等级、天数、状态、兑换人）。"
        okText="生成"
        open={requestId !== null}
        onClose={() => setRequestId(null)}
        initialValues={{ grade: 'VIP', days: 30, count: 10 }}
        onSubmit={({ reason, ...values }) =>
          act(
            () =>
              createConsoleCardBatch({
                request_id: requestId ?? '',
                batch: values.batch.trim(),
                grade: values.grade,
                days: values.days,
                count: values.count,
                value_fen: fenOrNull(values.value) ?? 0,
                redeem_by: values.redeem_by ? values.redeem_by.endOf('day').unix() : null,
                reason,
              }),
            '会员卡已生成',
          )
        }
      >
        <Form.Item
          name="batch"
          label="批次名称"
          rules={[{ required: true, whitespace: true, message: marketingMessages.batchRequired }]}
        >
          <Input maxLength={64} placeholder="如 2026双十一渠道卡" />
        </Form.Item>
        <GradeItem />
        <DaysItem name="days" label="天数" />
        <Form.Item name="count" label="数量" rules={[{ required: true, message: marketingMessages.cardCount }]}>
          <InputNumber min={1} max={ADMIN_CARD_BATCH_MAX} precision={0} suffix="张" style={{ width: '100%' }} />
        </Form.Item>
        <YuanItem name="value" label="面值（售价，升级时折算；不填为0）" />
        <Form.Item name="redeem_by" label="兑换截止日（不填则不限）">
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
      </ReasonDialog>
    </Space>
  );
}

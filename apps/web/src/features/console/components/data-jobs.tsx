import { CONSOLE_JOB_PAGE_SIZE, type ConsoleJob, type ConsoleJobStatus, consoleJobStatuses } from '@dso/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Radio, Row, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useConsoleAction } from '../api/console-request';
import { dataKey, discardJob, jobSummaryQuery, jobsQuery, retryJob } from '../api/data-api';
import { timeText } from '../console-format';
import { DataStatusTag, dataStatusLabels } from './data-status';
import { ReasonDialog } from './reason-dialog';

/** A wait in seconds as the page says it: 42秒, 5分钟, 2小时15分, 3天4小时. */
export function waitText(seconds: number) {
  if (seconds < 60) return `${seconds}秒`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}分钟`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}小时${minutes % 60 ? `${minutes % 60}分` : ''}`;
  return `${Math.floor(hours / 24)}天${hours % 24 ? `${hours % 24}小时` : ''}`;
}

type Filter = ConsoleJobStatus | 'all';
type Action = { kind: 'retry' | 'discard'; job: ConsoleJob } | null;

/** 任务队列: the queue's depth, its longest wait, and the jobs by state with retry and discard of failed ones. */
export function DataJobs() {
  const [filter, setFilter] = useState<Filter>('failed');
  const [kind, setKind] = useState<string | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const [action, setAction] = useState<Action>(null);
  const { data: summary } = useQuery(jobSummaryQuery);
  const { data: page, isLoading } = useQuery(
    jobsQuery({ status: filter === 'all' ? undefined : filter, kind: kind ?? undefined }, pageNo),
  );
  const act = useConsoleAction(dataKey.jobs);
  const total = (status: ConsoleJobStatus) =>
    (summary?.counts ?? []).filter((row) => row.status === status).reduce((sum, row) => sum + row.count, 0);
  const kinds = [...new Set((summary?.counts ?? []).map((row) => row.kind))];
  const countOf = (kind: string, status: ConsoleJobStatus) =>
    summary?.counts.find((row) => row.kind === kind && row.status === status)?.count ?? 0;
  const oldest = summary?.oldest_waiting;

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Row gutter={16}>
        {(['queued', 'running', 'failed'] as const).map((status) => (
          <Col key={status} span={5}>
            <Card size="small">
              <Statistic title={dataStatusLabels[status].text} value={total(status)} />
            </Card>
          </Col>
        ))}
        <Col span={9}>
          <Card size="small">
            <Statistic
              title="最久等待"
              value={oldest ? waitText(oldest.waiting_seconds) : '无到期任务'}
              suffix={
                oldest ? <Typography.Text type="secondary">{`${oldest.kind} #${oldest.id}`}</Typography.Text> : null
              }
            />
          </Card>
        </Col>
      </Row>
      <Table
        size="small"
        rowKey={(kind) => kind}
        dataSource={kinds}
        pagination={false}
        title={() => '按类型（点击类型只看该类任务）'}
        columns={[
          {
            title: '类型',
            render: (_, name) => (
              <Button
                type="link"
                size="small"
                onClick={() => {
                  setKind(name);
                  setPageNo(1);
                }}
              >
                {name}
              </Button>
            ),
          },
          ...consoleJobStatuses.map((status) => ({
            title: dataStatusLabels[status].text,
            render: (_: unknown, kind: string) => countOf(kind, status),
          })),
        ]}
      />
      <Space>
        <Radio.Group
          optionType="button"
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value);
            setPageNo(1);
          }}
          options={[
            ...(['failed', 'discarded', 'queued', 'running', 'done'] as const).map((status) => ({
              value: status,
              label: dataStatusLabels[status].text,
            })),
            { value: 'all', label: '全部' },
          ]}
        />
        {kind && (
          <Tag
            closable
            onClose={() => {
              setKind(null);
              setPageNo(1);
            }}
          >
            类型：{kind}
          </Tag>
        )}
      </Space>
      <Table<ConsoleJob>
        rowKey="id"
        size="middle"
        loading={isLoading}
        dataSource={page?.list ?? []}
        pagination={{
          current: pageNo,
          pageSize: CONSOLE_JOB_PAGE_SIZE,
          total: page?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPageNo,
        }}
        columns={[
          { title: '编号', dataIndex: 'id', width: 80 },
          { title: '类型', dataIndex: 'kind' },
          { title: '状态', dataIndex: 'status', render: (status) => <DataStatusTag status={status} /> },
          { title: '尝试', render: (_, job) => `${job.attempts}/${job.max_attempts}` },
          {
            title: '错误',
            dataIndex: 'last_error',
            render: (error: string | null) => (error ? <Typography.Text type="danger">{error}</Typography.Text> : '—'),
          },
          { title: '提交时间', dataIndex: 'create_time', render: timeText },
          { title: '结束时间', dataIndex: 'finish_time', render: timeText },
          {
            title: '操作',
            render: (_, job) =>
              job.status === 'failed' ? (
                <Space>
                  <Button size="small" onClick={() => setAction({ kind: 'retry', job })}>
                    重试
                  </Button>
                  <Button size="small" danger onClick={() => setAction({ kind: 'discard', job })}>
                    丢弃
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <ReasonDialog
        title={action?.kind === 'discard' ? '丢弃任务' : '重试任务'}
        summary={
          action &&
          (action.kind === 'retry'
            ? `任务 #${action.job.id}（${action.job.kind}）将立即重新排队运行。`
            : `任务 #${action.job.id}（${action.job.kind}）将不再运行，仍保留在列表中。`)
        }
        okText={action?.kind === 'discard' ? '确认丢弃' : '确认重试'}
        open={action !== null}
        onClose={() => setAction(null)}
        onSubmit={({ reason }) => {
          if (!action) return Promise.resolve();
          const body = { job_id: action.job.id, reason };
          return action.kind === 'retry'
            ? act(() => retryJob(body), '任务已重新排队')
            : act(() => discardJob(body), '任务已丢弃');
        }}
      />
    </Space>
  );
}

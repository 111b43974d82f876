import { type ConsoleJob, platformSchema } from '@dso/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useConsoleAction } from '../api/console-request';
import { dataKey, deriveRunsQuery, runDerive } from '../api/data-api';
import { timeText } from '../console-format';
import { DataStatusTag } from './data-status';
import { ReasonDialog } from './reason-dialog';

type Platform = (typeof platformSchema.options)[number];

/** The library a derive job's payload names (`TSO/US`). */
function libraryOf(job: ConsoleJob) {
  const payload = (job.payload ?? {}) as { platform?: string; country?: string };
  return payload.country ? `${payload.platform}/${payload.country}` : (payload.platform ?? '—');
}

/** 派生任务: queue the derive of one keyword library (what `npm run derive` runs), and the latest runs. */
export function DataDerive() {
  const { data = [], isLoading } = useQuery(deriveRunsQuery);
  const act = useConsoleAction(dataKey.derive);
  const [open, setOpen] = useState(false);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">
        重算一个词库的搜索统计、行业中位数、榜单和相关词；每次导入后也会自动排队。
      </Typography.Text>
      <Button type="primary" onClick={() => setOpen(true)} style={{ alignSelf: 'flex-start' }}>
        运行派生任务
      </Button>
      <Table<ConsoleJob>
        rowKey="id"
        size="middle"
        loading={isLoading}
        dataSource={data}
        pagination={false}
        columns={[
          { title: '编号', dataIndex: 'id', width: 80 },
          { title: '词库', render: (_, job) => libraryOf(job) },
          { title: '状态', dataIndex: 'status', render: (status) => <DataStatusTag status={status} /> },
          { title: '尝试', render: (_, job) => `${job.attempts}/${job.max_attempts}` },
          { title: '提交时间', dataIndex: 'create_time', render: timeText },
          { title: '结束时间', dataIndex: 'finish_time', render: timeText },
          { title: '错误', dataIndex: 'last_error', ellipsis: true, render: (error: string | null) => error ?? '—' },
        ]}
      />
      <ReasonDialog<{ platform: Platform; country?: string }>
        title="运行派生任务"
        okText="排队运行"
        open={open}
        onClose={() => setOpen(false)}
        initialValues={{ platform: 'DSO', country: 'US' }}
        onSubmit={({ platform, country, reason }) =>
          act(
            () =>
              runDerive({
                platform,
                reason,
                ...(platform === 'TSO' && country ? { country: country.trim().toUpperCase() } : {}),
              }),
            '派生任务已排队',
          )
        }
      >
        <Form.Item name="platform" label="词库">
          <Select options={platformSchema.options.map((platform) => ({ value: platform, label: platform }))} />
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(before, after) => before.platform !== after.platform}>
          {({ getFieldValue }) =>
            getFieldValue('platform') === 'TSO' && (
              <Form.Item
                name="country"
                label="国家代码"
                rules={[{ pattern: /^[A-Za-z]{2}$/, message: '国家代码不正确' }]}
              >
                <Input maxLength={2} style={{ width: 120 }} />
              </Form.Item>
            )
          }
        </Form.Item>
      </ReasonDialog>
    </Space>
  );
}

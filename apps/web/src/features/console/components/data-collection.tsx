import { type ConsoleCollection, type ConsoleCollectionRun, platformSchema } from '@dso/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { platformInfo } from '../../../lib/platforms';
import { useConsoleAction } from '../api/console-request';
import { collectionsQuery, dataKey, runCollection } from '../api/data-api';
import { timeText } from '../console-format';
import { ReasonDialog } from './reason-dialog';

/** The words and colour of a collection run's state. */
const runStatusLabels: Record<ConsoleCollectionRun['status'], { text: string; color: string }> = {
  running: { text: '运行中', color: 'processing' },
  succeeded: { text: '成功', color: 'success' },
  failed: { text: '失败', color: 'error' },
  empty: { text: '无数据', color: 'default' },
  skipped_budget: { text: '额度用完', color: 'warning' },
};

const triggerLabels: Record<ConsoleCollectionRun['trigger'], string> = {
  schedule: '定时',
  catch_up: '补跑',
  manual: '手动',
};

/**
 * A line per keyword library naming the collections that feed it and their providers, or 暂无数据源 when none does
 * (docs/collection.md, "Libraries and their sources").
 */
function LibrarySources({ collections }: { collections: ConsoleCollection[] }) {
  return (
    <Card title="各数据库的数据源" size="small" data-testid="library-sources">
      <Descriptions size="small" column={1}>
        {platformSchema.options.map((platform) => {
          const feeding = collections.filter((item) => item.library === platform);
          return (
            <Descriptions.Item key={platform} label={`${platformInfo(platform).name}（${platform}）`}>
              {feeding.length > 0 ? (
                feeding.map((item) => `${item.label}（${item.provider}）`).join('、')
              ) : (
                <Typography.Text type="secondary">暂无数据源</Typography.Text>
              )}
            </Descriptions.Item>
          );
        })}
      </Descriptions>
    </Card>
  );
}

/** 采集 (docs/collection.md): each collection's source, schedule and latest runs, and 立即运行 with a reason. */
export function DataCollection() {
  const { data = [], isLoading } = useQuery(collectionsQuery);
  const act = useConsoleAction(dataKey.collection);
  const [running, setRunning] = useState<ConsoleCollection | null>(null);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">
        数据源按计划刷新各数据库（时间为北京时间）；失败的运行不会覆盖已有数据。
      </Typography.Text>
      {isLoading && <Card loading />}
      {!isLoading && <LibrarySources collections={data} />}
      {data.map((item) => (
        <Card
          key={item.name}
          title={`${item.label}（${item.name}）`}
          extra={
            <Button type="primary" onClick={() => setRunning(item)}>
              立即运行
            </Button>
          }
        >
          <Descriptions size="small" column={3}>
            <Descriptions.Item label="数据源">{`${item.source}（${item.provider}）`}</Descriptions.Item>
            <Descriptions.Item label="计划">{item.cron ?? '已关闭'}</Descriptions.Item>
            <Descriptions.Item label="下次运行">{timeText(item.next_run_time)}</Descriptions.Item>
            <Descriptions.Item label="今日调用">{`${item.calls_today} / ${item.daily_calls}`}</Descriptions.Item>
            <Descriptions.Item label="限速">{`${item.calls_per_second} 次/秒`}</Descriptions.Item>
          </Descriptions>
          <Table<ConsoleCollectionRun>
            rowKey="id"
            size="small"
            dataSource={item.runs}
            pagination={false}
            locale={{ emptyText: '尚无运行记录' }}
            columns={[
              { title: '窗口', dataIndex: 'window' },
              {
                title: '触发',
                dataIndex: 'trigger',
                render: (trigger: ConsoleCollectionRun['trigger']) => triggerLabels[trigger],
              },
              {
                title: '状态',
                dataIndex: 'status',
                render: (status: ConsoleCollectionRun['status']) => (
                  <Tag color={runStatusLabels[status].color}>{runStatusLabels[status].text}</Tag>
                ),
              },
              { title: '开始', dataIndex: 'start_time', render: timeText },
              { title: '结束', dataIndex: 'finish_time', render: timeText },
              {
                title: '新增/更新/未变',
                render: (_, run) => `${run.rows_added} / ${run.rows_updated} / ${run.rows_unchanged}`,
              },
              { title: '调用', dataIndex: 'calls_made' },
              { title: '失败', dataIndex: 'failures' },
              { title: '原因', dataIndex: 'error', ellipsis: true, render: (error: string | null) => error ?? '—' },
            ]}
          />
        </Card>
      ))}
      <ReasonDialog<object>
        title="立即运行采集"
        summary={running ? `${running.label}（${running.name}）将立即排队运行一次。` : null}
        okText="确认运行"
        open={running !== null}
        onClose={() => setRunning(null)}
        onSubmit={({ reason }) => act(() => runCollection({ collection: running!.name, reason }), '采集已排队')}
      />
    </Space>
  );
}

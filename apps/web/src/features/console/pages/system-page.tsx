import type { ConsoleMe, ConsoleMigration, ConsoleProductionCheck, ConsoleService } from '@dso/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Empty, Space, Table, Tag } from 'antd';
import { consoleSystemQuery } from '../api/system-api';
import { timeText } from '../console-format';

const envText = { development: '开发', production: '生产', test: '测试' } as const;
const databaseText = { postgres: 'PostgreSQL', pglite: 'PGlite（内置）' } as const;

/** 系统 (管理员): which provider each outside service uses, what production refuses, version and migrations. */
export default function SystemPage(_props: { me: ConsoleMe }) {
  const { data, isError } = useQuery(consoleSystemQuery);
  if (isError) return <Empty description="系统信息加载失败" />;
  if (!data) return <Card loading />;
  const failing = data.checks.filter((check) => !check.passed);
  const pending = data.migrations.filter((migration) => !migration.applied);
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <h2>系统</h2>
      <Card title="版本">
        <Descriptions column={2} size="small">
          <Descriptions.Item label="版本">{data.version}</Descriptions.Item>
          <Descriptions.Item label="提交">{data.commit ?? '未设置（GIT_COMMIT）'}</Descriptions.Item>
          <Descriptions.Item label="运行环境">{envText[data.env]}</Descriptions.Item>
          <Descriptions.Item label="数据库">{databaseText[data.database]}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="外部服务">
        <Table<ConsoleService>
          rowKey="variable"
          size="small"
          pagination={false}
          dataSource={data.services}
          columns={[
            { title: '服务', dataIndex: 'label' },
            { title: '服务商', dataIndex: 'provider' },
            {
              title: '模式',
              dataIndex: 'sandbox',
              render: (sandbox: boolean) => (sandbox ? <Tag color="orange">沙箱</Tag> : <Tag color="green">正式</Tag>),
            },
            { title: '配置项', dataIndex: 'variable' },
          ]}
        />
      </Card>
      <Card title="生产环境启动检查">
        {failing.length === 0 ? (
          <Alert type="success" showIcon message="全部通过：以当前配置可在生产环境启动" />
        ) : (
          <Alert
            type="warning"
            showIcon
            message={`${failing.length} 项未通过：生产环境（NODE_ENV=production）将拒绝启动`}
          />
        )}
        <Table<ConsoleProductionCheck>
          rowKey="variable"
          size="small"
          pagination={false}
          style={{ marginTop: 16 }}
          dataSource={[...failing, ...data.checks.filter((check) => check.passed)]}
          columns={[
            { title: '配置项', dataIndex: 'variable' },
            {
              title: '结果',
              dataIndex: 'passed',
              render: (passed: boolean) => (passed ? <Tag color="green">通过</Tag> : <Tag color="red">未通过</Tag>),
            },
            {
              title: '说明',
              dataIndex: 'problem',
              render: (problem: string, check) => (check.passed ? '—' : problem.replace(/^[A-Z_]+: /, '')),
            },
          ]}
        />
      </Card>
      <Card title="数据库迁移">
        {pending.length > 0 && (
          <Alert type="warning" showIcon message={`${pending.length} 个迁移尚未执行`} style={{ marginBottom: 16 }} />
        )}
        {data.unknown_migrations > 0 && (
          <Alert
            type="warning"
            showIcon
            message={`数据库中有 ${data.unknown_migrations} 个本版本未知的迁移（由更新的版本执行）`}
            style={{ marginBottom: 16 }}
          />
        )}
        <Table<ConsoleMigration>
          rowKey="tag"
          size="small"
          pagination={false}
          dataSource={[...data.migrations].reverse()}
          columns={[
            { title: '迁移', dataIndex: 'tag' },
            { title: '生成时间', dataIndex: 'create_time', render: timeText },
            {
              title: '状态',
              dataIndex: 'applied',
              render: (applied: boolean) =>
                applied ? <Tag color="green">已执行</Tag> : <Tag color="orange">未执行</Tag>,
            },
          ]}
        />
      </Card>
    </Space>
  );
}

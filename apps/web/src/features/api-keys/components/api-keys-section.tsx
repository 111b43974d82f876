import { type ApiKeyItem, apiKeyLimits, apiKeyMessages, OpenPath } from '@dso/contract';
import { formatTime, lowestGrantingGrade } from '@dso/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Popconfirm, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { CentreSection, UpgradeBlock } from '../../../components';
import './api-keys-section.css';
import { copyText } from '../../../lib/clipboard';
import { toast } from '../../../lib/feedback';
import { useSession } from '../../../stores/session';
import { handleQuotaFailure } from '../../permissions';
import {
  API_UNIT_ALIAS,
  apiKeyKeys,
  apiKeysQuery,
  apiUnitsQuery,
  createApiKey,
  renameApiKey,
  revokeApiKey,
} from '../api/api-keys';

/** The form rules of a key's name: the contract's limits, counted in characters as the server counts them. */
const nameRules = [
  { required: true, whitespace: true, message: apiKeyMessages.nameEmpty },
  {
    validator: async (_: unknown, value: string | undefined) => {
      if (value && Array.from(value.trim()).length > apiKeyLimits.nameMax) throw new Error(apiKeyMessages.nameTooLong);
    },
  },
];

/** The warning over a new key: it is never shown again. */
export const SHOWN_ONCE_TEXT = '密钥仅显示这一次，关闭后将无法再次查看，请立即复制并妥善保存。';

/** 新建密钥: a name, then the whole key once, with a copy button. */
function CreateDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const client = useQueryClient();
  const [form] = Form.useForm<{ name: string }>();
  const [created, setCreated] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (name: string) => createApiKey(name),
    onSuccess: async ({ key }) => {
      setCreated(key);
      await client.invalidateQueries({ queryKey: apiKeyKeys.list });
    },
    onError: (error) => {
      handleQuotaFailure(error);
    },
  });
  const close = () => {
    setCreated(null);
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      open={open}
      title={created ? '密钥已创建' : '新建密钥'}
      onCancel={close}
      destroyOnHidden
      maskClosable={!created}
      footer={
        created ? (
          <Button type="primary" onClick={close}>
            我已保存，关闭
          </Button>
        ) : (
          <Space>
            <Button onClick={close}>取消</Button>
            <Button type="primary" loading={create.isPending} onClick={() => form.submit()}>
              创建
            </Button>
          </Space>
        )
      }
    >
      {created ? (
        <div className="api-keys__created">
          <Alert type="warning" showIcon message={SHOWN_ONCE_TEXT} />
          <Space.Compact className="api-keys__key">
            <Input readOnly value={created} aria-label="API 密钥" data-testid="api-key-created" />
            <Button type="primary" onClick={() => void copyText(created)}>
              复制
            </Button>
          </Space.Compact>
        </div>
      ) : (
        <Form form={form} layout="vertical" onFinish={(values) => create.mutate(values.name.trim())}>
          <Form.Item name="name" label="密钥名称" rules={nameRules} extra="用于区分不同的程序或助手，例如「选词脚本」">
            <Input placeholder="请输入密钥名称" autoComplete="off" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** 重命名: the key's new name. */
function RenameDialog({ item, onClose }: { item: ApiKeyItem | null; onClose(): void }) {
  const client = useQueryClient();
  const [form] = Form.useForm<{ name: string }>();
  const rename = useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => renameApiKey(id, name),
    onSuccess: async () => {
      toast(apiKeyMessages.renamed, 'success');
      onClose();
      await client.invalidateQueries({ queryKey: apiKeyKeys.list });
    },
  });
  return (
    <Modal
      open={item !== null}
      title="重命名密钥"
      okText="保存"
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={rename.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: item?.name ?? '' }}
        onFinish={(values) => item && rename.mutate({ id: item.id, name: values.name.trim() })}
      >
        <Form.Item name="name" label="密钥名称" rules={nameRules}>
          <Input placeholder="请输入密钥名称" autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * API 密钥 of the personal centre (docs/api.md, "Keys and units"): today's API units used and left, the
 * live keys (名称, 前缀, 创建时间, 最近使用) with 重命名 and 撤销, and 新建密钥, which shows the key once. A grade
 * without API units sees the upgrade block instead of 新建密钥 (its old keys stay listed so they can be revoked).
 */
export default function ApiKeysSection() {
  const client = useQueryClient();
  const roles = useSession((state) => state.roles);
  const list = useQuery(apiKeysQuery());
  const units = useQuery(apiUnitsQuery());
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<ApiKeyItem | null>(null);
  const revoke = useMutation({
    mutationFn: (id: number) => revokeApiKey(id),
    onSuccess: async () => {
      toast(apiKeyMessages.revoked, 'success');
      await client.invalidateQueries({ queryKey: apiKeyKeys.list });
    },
  });
  const items = list.data?.items ?? [];
  const maxKeys = list.data?.max_keys ?? apiKeyLimits.liveKeysMax;
  const lacksUnits = units.data !== undefined && units.data.per_val === 0;
  const columns: ColumnsType<ApiKeyItem> = [
    { title: '名称', dataIndex: 'name', key: 'name' },
    {
      title: '前缀',
      dataIndex: 'prefix',
      key: 'prefix',
      render: (prefix: string) => <Typography.Text code>{`${prefix}…`}</Typography.Text>,
    },
    {
      title: '创建时间',
      dataIndex: 'created_at',
      key: 'created',
      render: (time: string) => formatTime(time, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: '最近使用',
      dataIndex: 'last_used_at',
      key: 'used',
      render: (time: string | null) => (time ? formatTime(time, 'YYYY-MM-DD HH:mm') : '从未使用'),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_, item) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => setRenaming(item)}>
            重命名
          </Button>
          <Popconfirm
            title={`撤销后使用「${item.name}」的程序和助手将立即无法调用，且无法恢复，确定撤销吗？`}
            okText="撤销"
            okButtonProps={{ danger: true }}
            onConfirm={() => revoke.mutate(item.id)}
          >
            <Button type="link" size="small" danger>
              撤销
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <CentreSection titleId="setting-api-keys-title" title="API 密钥" className="api-keys">
      <p className="setting-muted">
        用 API 密钥从您自己的程序（开放接口 /open/v1）或 AI 助手（MCP）调用 DSO 的数据。每次调用按接口扣除 API
        单位，调用失败不扣； 每个密钥每分钟最多调用 {list.data?.calls_per_minute ?? apiKeyLimits.callsPerMinute}{' '}
        次，最多 {maxKeys} 个密钥。
        <a href={OpenPath.reference} target="_blank" rel="noreferrer">
          接口文档
        </a>
      </p>
      {lacksUnits ? (
        <UpgradeBlock
          message="当前会员版本不含 API 调用额度，升级会员版本即可创建 API 密钥~"
          needed={lowestGrantingGrade(roles, API_UNIT_ALIAS)}
        />
      ) : (
        <div className="quota-toolbar">
          <span className="quota-toolbar__quota" data-testid="api-units">
            {units.data && (
              <>
                今日 API 单位 已用 <strong>{units.data.use_val}</strong> / {units.data.per_val}，剩余{' '}
                <strong>{Math.max(0, units.data.per_val - units.data.use_val)}</strong>
              </>
            )}
          </span>
          <Button
            type="primary"
            disabled={!list.data || items.length >= maxKeys}
            title={items.length >= maxKeys ? apiKeyMessages.tooMany : undefined}
            onClick={() => setCreating(true)}
          >
            新建密钥
          </Button>
        </div>
      )}
      <Table<ApiKeyItem>
        rowKey="id"
        size="middle"
        loading={list.isPending}
        dataSource={items}
        columns={columns}
        pagination={false}
        locale={{ emptyText: '还没有 API 密钥' }}
      />
      <CreateDialog open={creating} onClose={() => setCreating(false)} />
      <RenameDialog item={renaming} onClose={() => setRenaming(null)} />
    </CentreSection>
  );
}

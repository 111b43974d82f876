import type { SubAccountItem, SubAccountStatus } from '@dso/contract';
import { formatTime } from '@dso/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Popconfirm, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { CentreSection } from '../../../components/centre-section/centre-section';
import { openPayDialog } from '../../../components/upgrade-block/upgrade-actions';
import { toast } from '../../../lib/feedback';
import { phoneFromEvent, phoneRules } from '../../../lib/form-rules';
import {
  changeChildAccount,
  childAccountKeys,
  childAccountQuotaQuery,
  childAccountsQuery,
  inviteChildAccount,
} from '../api/child-accounts';
import type { SettingSectionProps } from '../setting-sections';

/** How each status reads, and its colour. */
export const childStatusLabels: Record<SubAccountStatus, { text: string; color: string }> = {
  pending: { text: '待接受', color: 'processing' },
  active: { text: '已绑定', color: 'success' },
  refused: { text: '已拒绝', color: 'error' },
  cancelled: { text: '已撤销', color: 'default' },
  unbound: { text: '已解绑', color: 'default' },
};

/** The actions a link's status allows (the server's transitions, docs/setting.md). */
export function childActionsOf(status: SubAccountStatus): Array<'cancel' | 'reInvite' | 'unbind'> {
  if (status === 'pending') return ['reInvite', 'cancel'];
  if (status === 'refused') return ['reInvite', 'cancel'];
  if (status === 'active') return ['unbind'];
  return ['reInvite'];
}

const actionTexts = {
  reInvite: { label: '重新邀请', done: '已重新发送邀请' },
  cancel: { label: '撤销邀请', done: '已撤销邀请', confirm: '撤销后对方将无法接受此邀请，确定撤销吗？' },
  unbind: { label: '解除绑定', done: '已解除绑定', confirm: '解除后该子账号将不再共享您的会员权益，确定解除吗？' },
} as const;

function InviteDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const client = useQueryClient();
  const [form] = Form.useForm<{ phone: string }>();
  const invite = useMutation({
    mutationFn: (phone: string) => inviteChildAccount(phone),
    onSuccess: async () => {
      toast('邀请已发送，对方登录后即可接受', 'success');
      form.resetFields();
      onClose();
      await client.invalidateQueries({ queryKey: childAccountKeys.all });
    },
  });
  return (
    <Modal
      open={open}
      title="邀请子账号"
      okText="发送邀请"
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={invite.isPending}
      destroyOnHidden
    >
      <p className="setting-muted setting-invite__hint">
        输入对方注册 DSO 使用的手机号。对方登录后确认邀请，即可共享您的会员权益。
      </p>
      <Form form={form} layout="vertical" onFinish={(values) => invite.mutate(values.phone.trim())}>
        <Form.Item name="phone" label="手机号" getValueFromEvent={phoneFromEvent} rules={phoneRules}>
          <Input placeholder="请输入手机号" maxLength={11} inputMode="numeric" autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 子账号管理 (001 §2, §6): the parent's SUB_ACCOUNT_COUNT seats, the invites and children
 * with their status, and invite by phone, re-invite, cancel and unbind. A grade without seats sees the
 * upgrade button instead of the invite.
 */
export default function ChildAccountsSection(_: SettingSectionProps) {
  const client = useQueryClient();
  const list = useQuery(childAccountsQuery());
  const quota = useQuery(childAccountQuotaQuery());
  const [inviting, setInviting] = useState(false);
  const change = useMutation({
    mutationFn: ({ action, id }: { action: 'cancel' | 'reInvite' | 'unbind'; id: number }) =>
      changeChildAccount(action, id),
    onSuccess: async (_, { action }) => {
      toast(actionTexts[action].done, 'success');
      await client.invalidateQueries({ queryKey: childAccountKeys.all });
    },
  });
  const seats = quota.data?.per_val ?? 0;
  const taken = quota.data?.use_val ?? 0;
  const columns: ColumnsType<SubAccountItem> = [
    { title: '手机号', dataIndex: 'phone', key: 'phone' },
    { title: '昵称', dataIndex: 'nickname', key: 'nickname', render: (name: string) => name || '—' },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (status: SubAccountStatus) => (
        <Tag color={childStatusLabels[status].color}>{childStatusLabels[status].text}</Tag>
      ),
    },
    {
      title: '邀请时间',
      dataIndex: 'invite_time',
      key: 'invite',
      render: (time: number) => formatTime(time, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: '权益到期',
      dataIndex: 'un_bind_time',
      key: 'end',
      render: (time: number | null) => (time ? formatTime(time, 'YYYY-MM-DD') : '—'),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_, item) => (
        <Space size={4}>
          {childActionsOf(item.status).map((action) => {
            const text = actionTexts[action];
            const button = (
              <Button
                key={action}
                type="link"
                size="small"
                danger={action === 'unbind'}
                onClick={'confirm' in text ? undefined : () => change.mutate({ action, id: item.id })}
              >
                {text.label}
              </Button>
            );
            return 'confirm' in text ? (
              <Popconfirm key={action} title={text.confirm} onConfirm={() => change.mutate({ action, id: item.id })}>
                {button}
              </Popconfirm>
            ) : (
              button
            );
          })}
        </Space>
      ),
    },
  ];
  return (
    <CentreSection titleId="setting-child-title" title="子账号管理">
      <div className="quota-toolbar">
        <span className="quota-toolbar__quota" data-testid="child-quota">
          {quota.data && (
            <>
              子账号名额 <strong>{taken}</strong> / {seats}（待接受的邀请也占用名额）
            </>
          )}
        </span>
        {quota.data && seats === 0 ? (
          <Button type="primary" onClick={() => openPayDialog('SVIP')}>
            升级企业版开通子账号
          </Button>
        ) : (
          <Button type="primary" disabled={!quota.data || taken >= seats} onClick={() => setInviting(true)}>
            邀请子账号
          </Button>
        )}
      </div>
      <Table<SubAccountItem>
        rowKey="id"
        size="middle"
        loading={list.isPending}
        dataSource={list.data ?? []}
        columns={columns}
        pagination={false}
        locale={{ emptyText: '暂无子账号' }}
      />
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
    </CentreSection>
  );
}

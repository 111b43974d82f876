import { type ConsoleMe, type ConsoleStaff, consoleMessages } from '@dso/contract';
import { consoleRoles } from '@dso/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { newPasswordRules, phoneRules } from '../../../lib/form-rules';
import { useConsoleAction } from '../api/console-request';
import {
  consoleStaffKey,
  consoleStaffQuery,
  createConsoleStaff,
  disableConsoleStaff,
  resetConsoleStaffPassword,
} from '../api/staff-api';
import { ReasonDialog } from '../components/reason-dialog';
import { timeText } from '../console-format';

/** 员工 (管理员): the staff accounts, adding one, resetting a password and disabling one, each with a reason. */
export default function StaffPage({ me }: { me: ConsoleMe }) {
  const { data = [], isLoading } = useQuery(consoleStaffQuery);
  const act = useConsoleAction(consoleStaffKey);
  const [adding, setAdding] = useState(false);
  const [disabling, setDisabling] = useState<ConsoleStaff | null>(null);
  const [resetting, setResetting] = useState<ConsoleStaff | null>(null);

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <h2>员工</h2>
        <Button type="primary" onClick={() => setAdding(true)}>
          新建员工
        </Button>
      </Space>
      <Table
        rowKey="id"
        loading={isLoading}
        dataSource={data}
        pagination={false}
        columns={[
          { title: '姓名', dataIndex: 'name' },
          { title: '手机号', dataIndex: 'phone' },
          { title: '角色', dataIndex: 'role', render: (role: string) => <Tag color="blue">{role}</Tag> },
          {
            title: '状态',
            dataIndex: 'disabled',
            render: (disabled: boolean) => (disabled ? <Tag>已停用</Tag> : <Tag color="green">在用</Tag>),
          },
          { title: '创建时间', dataIndex: 'create_time', render: timeText },
          { title: '最近使用', dataIndex: 'last_seen_time', render: timeText },
          {
            title: '操作',
            render: (_, staff) =>
              !staff.disabled && staff.id !== me.id ? (
                <Space>
                  <Button size="small" onClick={() => setResetting(staff)}>
                    重置密码
                  </Button>
                  <Button size="small" danger onClick={() => setDisabling(staff)}>
                    停用
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <ReasonDialog<{ phone: string; name: string; role: (typeof consoleRoles)[number]; password: string }>
        title="新建员工"
        okText="创建"
        open={adding}
        onClose={() => setAdding(false)}
        initialValues={{ role: '客服' }}
        onSubmit={(values) => act(() => createConsoleStaff({ ...values, phone: values.phone.trim() }), '员工已创建')}
      >
        <Form.Item
          name="name"
          label="姓名"
          rules={[{ required: true, whitespace: true, message: consoleMessages.nameRequired }]}
        >
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="phone" label="手机号" rules={phoneRules}>
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item name="role" label="角色" rules={[{ required: true, message: consoleMessages.roleInvalid }]}>
          <Select options={consoleRoles.map((role) => ({ value: role, label: role }))} />
        </Form.Item>
        <Form.Item name="password" label="初始密码" rules={newPasswordRules}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </ReasonDialog>
      <ReasonDialog<{ password: string }>
        title="重置密码"
        summary={resetting ? `为 ${resetting.name}（${resetting.role}）设置新密码，其所有登录立即失效。` : null}
        okText="确认重置"
        open={resetting !== null}
        onClose={() => setResetting(null)}
        onSubmit={(values) =>
          act(() => resetConsoleStaffPassword({ id: resetting?.id ?? 0, ...values }), '密码已重置，该员工需重新登录')
        }
      >
        <Form.Item name="password" label="新密码" rules={newPasswordRules}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </ReasonDialog>
      <ReasonDialog
        title="停用员工"
        summary={disabling ? `停用 ${disabling.name}（${disabling.role}），其所有登录立即失效。` : null}
        okText="确认停用"
        open={disabling !== null}
        onClose={() => setDisabling(null)}
        onSubmit={(values) =>
          act(() => disableConsoleStaff({ id: disabling?.id ?? 0, reason: values.reason }), '员工已停用')
        }
      />
    </Space>
  );
}

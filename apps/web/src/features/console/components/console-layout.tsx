import type { ConsoleMe } from '@dso/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Layout, Menu, Space, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { consoleMeKey, logOutOfConsole } from '../api/session-api';
import { menuFor } from '../console-menu';
import { PasswordDialog } from './password-dialog';

/** The console's frame: a side menu of what the role may use, who is logged in, 修改密码 and 退出登录. */
export function ConsoleLayout({ me, children }: { me: ConsoleMe; children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [changingPassword, setChangingPassword] = useState(false);
  const entries = menuFor(me.abilities);
  const selected = [...entries].reverse().find((entry) => pathname.startsWith(entry.path))?.path ?? '/admin';
  const logOut = async () => {
    await logOutOfConsole().catch(() => undefined);
    queryClient.removeQueries({ queryKey: ['console'] });
    await queryClient.invalidateQueries({ queryKey: consoleMeKey });
  };
  return (
    <Layout className="console-shell">
      <Layout.Sider width={200} className="console-sider" breakpoint="lg" collapsedWidth={0}>
        <div className="console-brand">DSO 运营后台</div>
        <Menu
          mode="inline"
          selectedKeys={[selected]}
          items={entries.map((entry) => ({ key: entry.path, label: entry.label }))}
          onClick={({ key }) => navigate(key)}
          aria-label="后台菜单"
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="console-header">
          <Space>
            <Typography.Text>{me.name}</Typography.Text>
            <Tag color="blue">{me.role}</Tag>
            <Button size="small" onClick={() => setChangingPassword(true)}>
              修改密码
            </Button>
            <Button size="small" onClick={() => void logOut()}>
              退出登录
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content className="console-content">{children}</Layout.Content>
        <PasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
      </Layout>
    </Layout>
  );
}

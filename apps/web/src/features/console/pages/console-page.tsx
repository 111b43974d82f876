import type { ConsoleMe } from '@dso/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Result, Spin, Typography } from 'antd';
import { useLocation } from 'react-router';
import { ApiError } from '../../../lib/api/errors';
import { consoleMeQuery } from '../api/session-api';
import { ConsoleLayout } from '../components/console-layout';
import { ConsoleLogin } from '../components/console-login';
import { menuFor } from '../console-menu';
import '../console.css';
import AuditPage from './audit-page';
import DataPage from './data-page';
import InvoicesPage from './invoices-page';
import MarketingPage from './marketing-page';
import OrdersPage from './orders-page';
import StaffPage from './staff-page';
import SystemPage from './system-page';
import UsersPage from './users-page';

/**
 * The operator's console under /admin (docs/console.md), one lazy chunk the members' entry never loads:
 * its own login when there is no staff session, else its layout and the pages the role may use.
 */
export default function ConsolePage() {
  const { data: me, error, isLoading } = useQuery(consoleMeQuery);
  if (isLoading) return <Spin fullscreen />;
  if (!me) {
    const expired = error instanceof ApiError && error.code === 801;
    const member = error instanceof ApiError && error.code === 403;
    return (
      <ConsoleLogin
        notice={expired ? '登录已过期，请重新登录' : member ? '当前登录的是会员账号，请使用员工账号登录' : null}
      />
    );
  }
  return (
    <ConsoleLayout me={me}>
      <ConsoleRoutes me={me} />
    </ConsoleLayout>
  );
}

/**
 * The page for the address under /admin. Matched by hand rather than with `<Routes>`: the members' app
 * routes through its data router only, and descendant routes would pull that part of the router into the
 * members' entry script.
 */
function ConsoleRoutes({ me }: { me: ConsoleMe }) {
  const { pathname } = useLocation();
  const page = pathname.replace(/^\/admin\/?/, '').split('/')[0] ?? '';
  const allowed = new Set(menuFor(me.abilities).map((entry) => entry.path));
  if (page === '') return <ConsoleHome me={me} />;
  if (!allowed.has(`/admin/${page}`)) {
    return <Result status="403" title="无权限访问" subTitle="您的角色不能使用该页面" />;
  }
  if (page === 'users') return <UsersPage me={me} />;
  if (page === 'orders') return <OrdersPage me={me} />;
  if (page === 'marketing') return <MarketingPage me={me} />;
  if (page === 'invoices') return <InvoicesPage me={me} />;
  if (page === 'data') return <DataPage me={me} />;
  if (page === 'system') return <SystemPage me={me} />;
  if (page === 'staff') return <StaffPage me={me} />;
  if (page === 'audit') return <AuditPage />;
  return <Result status="404" title="页面不存在" />;
}

function ConsoleHome({ me }: { me: ConsoleMe }) {
  const entries = menuFor(me.abilities).filter((entry) => entry.path !== '/admin');
  return (
    <Card title={`您好，${me.name}`} style={{ marginTop: 24 }}>
      <Typography.Paragraph>
        您的角色是 <strong>{me.role}</strong>，可使用：{entries.map((entry) => entry.label).join('、')}。
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">所有变更操作都会记入审计日志，且需填写原因。</Typography.Paragraph>
    </Card>
  );
}

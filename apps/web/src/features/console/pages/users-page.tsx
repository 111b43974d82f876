import {
  CONSOLE_GRANT_DAYS_MAX,
  type ConsoleMe,
  type ConsoleMemberLink,
  type ConsoleMemberSession,
  consoleMessages,
} from '@dso/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Input, InputNumber, Select, Space, Tabs } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api/errors';
import { toast } from '../../../lib/feedback';
import { showConsoleRefusal, useConsoleAction } from '../api/console-request';
import {
  consoleMemberKey,
  consoleMemberQuery,
  dissolveConsoleLink,
  endConsoleSessions,
  findConsoleMember,
  grantConsoleGrade,
} from '../api/users-api';
import { LinksTab, MemberSummary, OrdersTab, PlatformTab, SessionsTab, UsageTab } from '../components/member-tabs';
import { ReasonDialog } from '../components/reason-dialog';
import { gradeText } from '../console-format';

type Dialog =
  /** `requestId` is made when the dialog opens: every try of this opening is one grant (docs/console.md). */
  | { kind: 'grant'; requestId: string }
  | { kind: 'end'; session: ConsoleMemberSession | null }
  | { kind: 'dissolve'; link: ConsoleMemberLink }
  | null;

/** 用户: find a member by phone, id or order number; their summary, five tabs, and the audited actions. */
export default function UsersPage({ me }: { me: ConsoleMe }) {
  const [params, setParams] = useSearchParams();
  const userId = Number(params.get('user')) || null;
  const [searching, setSearching] = useState(false);
  const [notFound, setNotFound] = useState(false);

  const search = async (value: string) => {
    const q = value.trim();
    if (!q) {
      toast(consoleMessages.queryRequired);
      return;
    }
    setSearching(true);
    setNotFound(false);
    try {
      const { user_id } = await findConsoleMember(q);
      setParams({ user: String(user_id) });
    } catch (error) {
      if (error instanceof ApiError && error.code === 404) setNotFound(true);
      showConsoleRefusal(error);
    } finally {
      setSearching(false);
    }
  };

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <h2>用户</h2>
      <Input.Search
        placeholder="手机号 / 用户ID / 订单号"
        enterButton="查找"
        loading={searching}
        onSearch={(value) => void search(value)}
        allowClear
        style={{ maxWidth: 480 }}
        aria-label="查找用户"
      />
      {notFound && <Empty description={consoleMessages.memberNotFound} />}
      {userId !== null && !notFound && <MemberView userId={userId} me={me} />}
    </Space>
  );
}

function MemberView({ userId, me }: { userId: number; me: ConsoleMe }) {
  const canAct = me.abilities.includes('users.act');
  const { data: member, isError } = useQuery(consoleMemberQuery(userId));
  const act = useConsoleAction(consoleMemberKey(userId));
  const [dialog, setDialog] = useState<Dialog>(null);
  if (isError) return <Empty description={consoleMessages.memberNotFound} />;
  if (!member) return <Card loading />;

  const liveSessions = member.sessions.filter((session) => session.end_time === null);

  return (
    <>
      <Card
        title={`用户 ${member.phone}`}
        extra={
          <Space>
            {me.abilities.includes('orders.read') && <Link to={`/admin/orders?q=${member.phone}`}>全部订单</Link>}
            {me.abilities.includes('audit.read') && <Link to={`/admin/audit?subject=user:${member.id}`}>审计记录</Link>}
            {canAct && (
              <>
                <Button type="primary" onClick={() => setDialog({ kind: 'grant', requestId: crypto.randomUUID() })}>
                  开通/延长会员
                </Button>
                <Button
                  danger
                  disabled={liveSessions.length === 0}
                  onClick={() => setDialog({ kind: 'end', session: null })}
                >
                  结束全部会话
                </Button>
              </>
            )}
          </Space>
        }
      >
        <MemberSummary member={member} />
      </Card>
      <Card>
        <Tabs
          items={[
            { key: 'orders', label: `订单（${member.orders_total}）`, children: <OrdersTab member={member} /> },
            { key: 'usage', label: '用量明细', children: <UsageTab member={member} /> },
            {
              key: 'sessions',
              label: `会话（${liveSessions.length}）`,
              children: (
                <SessionsTab member={member} canAct={canAct} onEnd={(session) => setDialog({ kind: 'end', session })} />
              ),
            },
            {
              key: 'links',
              label: '子账号',
              children: (
                <LinksTab
                  member={member}
                  canAct={canAct}
                  onDissolve={(link) => setDialog({ kind: 'dissolve', link })}
                />
              ),
            },
            { key: 'platform', label: '授权账号', children: <PlatformTab member={member} /> },
          ]}
        />
      </Card>
      <ReasonDialog<{ grade: 'VIP' | 'SVIP' | 'EVIP'; days: number }>
        title="开通/延长会员"
        summary="同一版本从到期日起延长；其他版本立即生效并结束当前版本。"
        okText="确认开通"
        open={dialog?.kind === 'grant'}
        onClose={() => setDialog(null)}
        initialValues={{ grade: 'VIP', days: 30 }}
        onSubmit={(values) =>
          act(
            () =>
              grantConsoleGrade({
                request_id: dialog?.kind === 'grant' ? dialog.requestId : '',
                user_id: userId,
                grade: values.grade,
                days: values.days,
                reason: values.reason,
              }),
            '会员已开通',
          )
        }
      >
        <Form.Item name="grade" label="会员版本" rules={[{ required: true, message: '请选择会员版本' }]}>
          <Select
            options={(['VIP', 'SVIP', 'EVIP'] as const).map((grade) => ({ value: grade, label: gradeText(grade) }))}
          />
        </Form.Item>
        <Form.Item name="days" label="天数" rules={[{ required: true, message: consoleMessages.dayInvalid }]}>
          <InputNumber min={1} max={CONSOLE_GRANT_DAYS_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </ReasonDialog>
      <ReasonDialog
        title={dialog?.kind === 'end' && dialog.session ? '结束会话' : '结束全部会话'}
        summary={
          dialog?.kind === 'end' && dialog.session
            ? `结束来自 ${dialog.session.ip ?? '未知地址'} 的会话，该设备需重新登录。`
            : `结束该用户全部 ${liveSessions.length} 个在线会话，所有设备需重新登录。`
        }
        okText="确认结束"
        open={dialog?.kind === 'end'}
        onClose={() => setDialog(null)}
        onSubmit={(values) =>
          act(
            () =>
              endConsoleSessions({
                user_id: userId,
                ...(dialog?.kind === 'end' && dialog.session ? { session_id: dialog.session.id } : {}),
                reason: values.reason,
              }),
            '会话已结束',
          )
        }
      />
      <ReasonDialog
        title="解除子账号关系"
        summary={
          dialog?.kind === 'dissolve'
            ? `解除主账号 ${dialog.link.parent_phone} 与子账号 ${dialog.link.child_phone} 的关系，子账号立即失去主账号的权益。`
            : null
        }
        okText="确认解除"
        open={dialog?.kind === 'dissolve'}
        onClose={() => setDialog(null)}
        onSubmit={(values) =>
          act(
            () =>
              dissolveConsoleLink({
                user_id: userId,
                link_id: dialog?.kind === 'dissolve' ? dialog.link.id : 0,
                reason: values.reason,
              }),
            '子账号关系已解除',
          )
        }
      />
    </>
  );
}

import {
  CONSOLE_GRANT_DAYS_MAX,
  type ConsoleMe,
  type ConsoleMember,
  type ConsoleMemberLink,
  type ConsoleMemberSession,
  consoleMessages,
} from '@dso/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  type TableProps,
  Tabs,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
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
import { ReasonDialog } from '../components/reason-dialog';
import { gradeText, timeText, yuanText } from '../console-format';

const orderStatus: Record<string, string> = {
  pending: '待支付',
  paid: '已支付',
  cancelled: '已取消',
  closed: '已关闭',
  refund_due: '待退款',
};
const linkStatus: Record<ConsoleMemberLink['status'], string> = {
  pending: '邀请中',
  active: '已绑定',
  refused: '已拒绝',
  cancelled: '已撤回',
  unbound: '已解绑',
};
const endReasons: Record<string, string> = {
  logout: '退出登录',
  kicked: '被挤下线',
  password: '修改密码',
  closure: '注销账号',
  console: '后台结束',
};

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
      {userId !== null && !notFound && <MemberView userId={userId} canAct={me.abilities.includes('users.act')} />}
    </Space>
  );
}

function MemberView({ userId, canAct }: { userId: number; canAct: boolean }) {
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
          canAct && (
            <Space>
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
            </Space>
          )
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

function MemberSummary({ member }: { member: ConsoleMember }) {
  return (
    <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
      <Descriptions.Item label="用户ID">{member.id}</Descriptions.Item>
      <Descriptions.Item label="手机号">{member.phone}</Descriptions.Item>
      <Descriptions.Item label="昵称">{member.nickname || '—'}</Descriptions.Item>
      <Descriptions.Item label="当前版本">
        <Tag color={member.grade === 'FREE' ? 'default' : 'gold'}>{gradeText(member.grade)}</Tag>
      </Descriptions.Item>
      <Descriptions.Item label="到期时间">{timeText(member.grade_end_time)}</Descriptions.Item>
      <Descriptions.Item label="注册时间">{timeText(member.register_time)}</Descriptions.Item>
      <Descriptions.Item label="自有版本">
        {gradeText(member.own_grade)}（到期 {timeText(member.own_grade_end_time)}）
      </Descriptions.Item>
      <Descriptions.Item label="主账号">{member.parent_phone ?? '—'}</Descriptions.Item>
    </Descriptions>
  );
}

/** A table of one of the member's tabs: small, ten rows a page once there are more, `emptyText` for none. */
function TabTable<Row extends object>({ emptyText, ...props }: TableProps<Row> & { emptyText: string }) {
  return (
    <Table<Row> size="small" pagination={{ pageSize: 10, hideOnSinglePage: true }} locale={{ emptyText }} {...props} />
  );
}

function OrdersTab({ member }: { member: ConsoleMember }) {
  return (
    <TabTable
      rowKey="order_id"
      dataSource={member.orders}
      emptyText="暂无订单"
      columns={[
        { title: '订单号', dataIndex: 'order_id' },
        { title: '商品', dataIndex: 'title' },
        { title: '实付', dataIndex: 'pay_money', render: (fen: number) => yuanText(fen) },
        { title: '状态', dataIndex: 'status', render: (status: string) => orderStatus[status] ?? status },
        { title: '下单时间', dataIndex: 'create_time', render: timeText },
        {
          title: '有效期',
          render: (_, order) => (order.start_date ? `${order.start_date} 至 ${order.end_date}` : '—'),
        },
      ]}
    />
  );
}

function UsageTab({ member }: { member: ConsoleMember }) {
  return (
    <TabTable
      rowKey="id"
      dataSource={member.usage}
      emptyText="暂无用量记录"
      columns={[
        { title: '时间', dataIndex: 'time', render: timeText },
        { title: '权益', dataIndex: 'name' },
        { title: '次数', dataIndex: 'amount' },
        { title: '用途', dataIndex: 'reason', render: (reason: string) => reason || '—' },
        {
          title: '状态',
          dataIndex: 'state',
          render: (state: string) => ({ reserved: '预占', settled: '已扣', returned: '已退回' })[state] ?? state,
        },
        {
          title: '使用者',
          dataIndex: 'by_user_id',
          render: (id: number | null) => (id === null ? '本人' : `子账号 ${id}`),
        },
      ]}
    />
  );
}

function SessionsTab({
  member,
  canAct,
  onEnd,
}: {
  member: ConsoleMember;
  canAct: boolean;
  onEnd(session: ConsoleMemberSession): void;
}) {
  return (
    <TabTable
      rowKey="id"
      dataSource={member.sessions}
      emptyText="暂无会话"
      columns={[
        { title: '登录时间', dataIndex: 'create_time', render: timeText },
        { title: '最近使用', dataIndex: 'last_seen_time', render: timeText },
        { title: 'IP', dataIndex: 'ip', render: (ip: string | null) => ip ?? '—' },
        { title: '设备', dataIndex: 'user_agent', ellipsis: true, render: (agent: string | null) => agent ?? '—' },
        {
          title: '状态',
          render: (_, session) =>
            session.end_time === null ? (
              <Tag color="green">在线</Tag>
            ) : (
              <Tag>已结束 · {endReasons[session.end_reason ?? ''] ?? session.end_reason}</Tag>
            ),
        },
        {
          title: '操作',
          render: (_, session) =>
            canAct && session.end_time === null ? (
              <Button size="small" danger onClick={() => onEnd(session)}>
                结束会话
              </Button>
            ) : null,
        },
      ]}
    />
  );
}

function LinksTab({
  member,
  canAct,
  onDissolve,
}: {
  member: ConsoleMember;
  canAct: boolean;
  onDissolve(link: ConsoleMemberLink): void;
}) {
  return (
    <TabTable
      rowKey="id"
      pagination={false}
      dataSource={member.links}
      emptyText="没有子账号关系"
      columns={[
        { title: '身份', dataIndex: 'role', render: (role: string) => (role === 'parent' ? '主账号' : '子账号') },
        { title: '主账号', dataIndex: 'parent_phone' },
        { title: '子账号', dataIndex: 'child_phone' },
        { title: '状态', dataIndex: 'status', render: (status: ConsoleMemberLink['status']) => linkStatus[status] },
        { title: '邀请时间', dataIndex: 'create_time', render: timeText },
        { title: '结束时间', dataIndex: 'end_time', render: timeText },
        {
          title: '操作',
          render: (_, link) =>
            canAct && (link.status === 'active' || link.status === 'pending') ? (
              <Button size="small" danger onClick={() => onDissolve(link)}>
                解除
              </Button>
            ) : null,
        },
      ]}
    />
  );
}

function PlatformTab({ member }: { member: ConsoleMember }) {
  return (
    <TabTable
      rowKey="id"
      pagination={false}
      dataSource={member.platform_accounts}
      emptyText="没有授权账号"
      columns={[
        { title: '平台', dataIndex: 'platform', render: () => '抖音' },
        { title: '昵称', dataIndex: 'nickname' },
        { title: 'Open ID', dataIndex: 'open_id' },
        {
          title: '状态',
          dataIndex: 'status',
          render: (status: string) => (status === 'active' ? <Tag color="green">有效</Tag> : <Tag>已过期</Tag>),
        },
        { title: '授权时间', dataIndex: 'authorized_at', render: timeText },
      ]}
    />
  );
}

import type { ConsoleMember, ConsoleMemberLink, ConsoleMemberSession } from '@dso/contract';
import { Button, Descriptions, Table, type TableProps, Tag } from 'antd';
import { gradeText, timeText, yuanText } from '../console-format';

/** How an order's state reads in the console (the users page and the orders page). */
export const orderStatus: Record<string, string> = {
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

/** A member's summary and the tabs of the users page: orders, usage, sessions, child-account links, platform accounts. */
export function MemberSummary({ member }: { member: ConsoleMember }) {
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

export function OrdersTab({ member }: { member: ConsoleMember }) {
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

export function UsageTab({ member }: { member: ConsoleMember }) {
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

/** A tab whose rows the staff member may act on, when their role lets them (`canAct`). */
interface ActingTabProps {
  member: ConsoleMember;
  canAct: boolean;
}

/** The 操作 column of such a tab: a small danger button on the rows whose state allows the action. */
function actionColumn<Row>(canAct: boolean, allows: (row: Row) => boolean, text: string, act: (row: Row) => void) {
  return {
    title: '操作',
    render: (_: unknown, row: Row) =>
      canAct && allows(row) ? (
        <Button size="small" danger onClick={() => act(row)}>
          {text}
        </Button>
      ) : null,
  };
}

export function SessionsTab({
  member,
  canAct,
  onEnd,
}: ActingTabProps & { onEnd(session: ConsoleMemberSession): void }) {
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
        actionColumn(canAct, (session: ConsoleMemberSession) => session.end_time === null, '结束会话', onEnd),
      ]}
    />
  );
}

export function LinksTab({
  member,
  canAct,
  onDissolve,
}: ActingTabProps & { onDissolve(link: ConsoleMemberLink): void }) {
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
        actionColumn(
          canAct,
          (link: ConsoleMemberLink) => link.status === 'active' || link.status === 'pending',
          '解除',
          onDissolve,
        ),
      ]}
    />
  );
}

export function PlatformTab({ member }: { member: ConsoleMember }) {
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

import type { UsageLogEntry, UsageLogPermission } from '@dso/contract';
import { formatTime, shanghaiDay } from '@dso/domain';
import { DatePicker, Spin, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { CentreSection } from '../../../components/centre-section/centre-section';
import { useUsageLog } from '../api/get-usage-log';
import './usage-log.css';

/** How far back the log can be read: the last 30 Shanghai days. */
export const USAGE_LOG_DAYS = 30;

/** What an entry says it did, in the user's words. */
export function entryText(entry: UsageLogEntry): string {
  if (entry.amount < 0) return `退回 ${-entry.amount} 次`;
  if (entry.state === 'reserved') return `占用 ${entry.amount} 次（处理中）`;
  if (entry.state === 'returned') return `扣除 ${entry.amount} 次（已退回）`;
  return `扣除 ${entry.amount} 次`;
}

const entryColumns: ColumnsType<UsageLogEntry> = [
  { title: '时间', dataIndex: 'created_at', width: 110, render: (value: string) => formatTime(value, 'HH:mm:ss') },
  {
    title: '变动',
    key: 'change',
    width: 180,
    render: (_value, entry) => (
      <span className={entry.amount < 0 ? 'usage-log__back' : undefined}>{entryText(entry)}</span>
    ),
  },
  {
    title: '用途',
    key: 'reason',
    render: (_value, entry) => (
      <>
        {entry.by_child ? <Tag>子账号</Tag> : null}
        {entry.reason || '—'}
      </>
    ),
  },
];

/**
 * The use line of a permission: a daily count says what that day took (and today what is left); a
 * count of things held (accounts, monitors) says how many are held of how many.
 */
export function permissionUseText(permission: UsageLogPermission, isToday: boolean): string {
  if (permission.kind === 'count') return `已用 ${permission.use_val} / ${permission.per_val}`;
  const used = `${isToday ? '今日' : '当日'}已用 ${permission.day_used} 次`;
  if (!isToday) return used;
  return `${used} · 剩余 ${Math.max(0, permission.per_val - permission.use_val)} / ${permission.per_val} 次`;
}

/**
 * 用量明细 of the personal centre (docs/permissions.md, the usage ledger): for a day, each quota the
 * account has, its use, and every unit charged or given back with what it was for, so "where did my
 * searches go" has an answer.
 */
export default function UsageLogSection() {
  const [day, setDay] = useState<string | undefined>(undefined);
  const { data, isPending, isError } = useUsageLog(day);
  // The Asia/Shanghai day, as the server keys the log.
  const today = shanghaiDay();
  const shown = data?.day ?? day ?? today;
  const disabledDate = (value: Dayjs) => {
    const text = value.format('YYYY-MM-DD');
    return text > today || dayjs(today).diff(value, 'day') >= USAGE_LOG_DAYS;
  };

  return (
    <CentreSection titleId="usage-log-title" title="用量明细" className="usage-log">
      <div className="usage-log__toolbar">
        <span className="usage-log__hint">每次扣除与退回都记录在这里，AI 生成失败或中途出错的次数会自动退回。</span>
        <DatePicker
          allowClear={false}
          value={dayjs(shown)}
          disabledDate={disabledDate}
          onChange={(value) => setDay(value ? value.format('YYYY-MM-DD') : undefined)}
          aria-label="选择日期"
        />
      </div>
      {isPending ? <Spin className="usage-log__loading" /> : null}
      {isError ? <p className="usage-log__empty">用量明细加载失败，请稍后再试</p> : null}
      {!isError && !isPending && data?.permissions.length === 0 ? <p className="usage-log__empty">暂无数据</p> : null}
      {(data?.permissions ?? []).map((permission) => (
        <div
          key={permission.alias}
          className="surface-box usage-log__permission"
          data-testid={`usage-log-${permission.alias}`}
        >
          <div className="usage-log__head">
            <span className="usage-log__name">{permission.name}</span>
            <span className="usage-log__use">{permissionUseText(permission, shown === today)}</span>
          </div>
          {permission.entries.length > 0 ? (
            <Table<UsageLogEntry>
              rowKey="id"
              size="small"
              pagination={false}
              columns={entryColumns}
              dataSource={permission.entries}
            />
          ) : null}
        </div>
      ))}
    </CentreSection>
  );
}

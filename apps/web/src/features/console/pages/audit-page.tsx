import {
  CONSOLE_AUDIT_PAGE_SIZE,
  type ConsoleAction,
  type ConsoleAuditEntry,
  consoleActionLabels,
} from '@dso/contract';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Space, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePagedList } from '../../../lib/use-paged-list';
import { consoleAuditQuery } from '../api/audit-api';
import { consoleStaffQuery } from '../api/staff-api';
import { PagedTable } from '../components/console-table';
import { FilterSelect } from '../components/filter-select';
import { timeText } from '../console-format';

const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 2));

/** 审计日志 (管理员): every change staff made, newest first, filtered by staff, action and day; read-only. */
export default function AuditPage() {
  // The users page links here with `?subject=user:12`: that member's entries only, until the tag is closed.
  const [params, setParams] = useSearchParams();
  const subject = params.get('subject') ?? undefined;
  const [staffId, setStaffId] = useState<number | undefined>();
  const [action, setAction] = useState<ConsoleAction | undefined>();
  const [days, setDays] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const staff = useQuery(consoleStaffQuery).data ?? [];
  const entries = usePagedList(
    (page) =>
      consoleAuditQuery({
        staff_id: staffId,
        subject,
        action,
        from: days?.[0]?.format('YYYY-MM-DD'),
        to: days?.[1]?.format('YYYY-MM-DD'),
        page_no: page,
      }),
    CONSOLE_AUDIT_PAGE_SIZE,
  );
  const { filtered } = entries;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <h2>审计日志</h2>
      <Space wrap>
        <FilterSelect
          label="按员工筛选"
          width={180}
          placeholder="全部员工"
          value={staffId}
          onChange={filtered(setStaffId)}
          options={staff.map((member) => ({ value: member.id, label: `${member.name}（${member.role}）` }))}
        />
        <FilterSelect
          label="按操作筛选"
          width={180}
          placeholder="全部操作"
          value={action}
          onChange={filtered(setAction)}
          options={Object.entries(consoleActionLabels).map(([value, label]) => ({ value, label }))}
        />
        <DatePicker.RangePicker value={days} onChange={filtered(setDays)} aria-label="按日期筛选" />
        {subject && (
          <Tag closable onClose={filtered(() => setParams({}))}>
            对象：{subject}
          </Tag>
        )}
      </Space>
      <PagedTable<ConsoleAuditEntry>
        rowKey="id"
        list={entries}
        expandable={{
          expandedRowRender: (entry) => (
            <Space align="start" size="large" wrap>
              <div>
                <strong>变更前</strong>
                <pre className="console-json">{json(entry.before)}</pre>
              </div>
              <div>
                <strong>变更后</strong>
                <pre className="console-json">{json(entry.after)}</pre>
              </div>
            </Space>
          ),
        }}
        columns={[
          { title: '时间', dataIndex: 'time', render: timeText },
          { title: '员工', dataIndex: 'staff_name' },
          { title: '操作', dataIndex: 'action', render: (value: ConsoleAction) => consoleActionLabels[value] ?? value },
          { title: '对象', dataIndex: 'subject' },
          { title: '原因', dataIndex: 'reason' },
        ]}
      />
    </Space>
  );
}

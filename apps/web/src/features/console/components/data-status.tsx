import type { ConsoleJobStatus } from '@dso/contract';
import { Tag } from 'antd';

/** The words and colour of a job's or an import's state, the same on every tab of the 数据 page. */
export const dataStatusLabels: Record<ConsoleJobStatus, { text: string; color: string }> = {
  queued: { text: '排队中', color: 'default' },
  running: { text: '运行中', color: 'processing' },
  done: { text: '已完成', color: 'success' },
  failed: { text: '失败', color: 'error' },
  discarded: { text: '已丢弃', color: 'warning' },
};

export function DataStatusTag({ status }: { status: ConsoleJobStatus }) {
  const label = dataStatusLabels[status];
  return <Tag color={label.color}>{label.text}</Tag>;
}

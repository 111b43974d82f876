import type { MonitorItem } from '@dso/contract';
import type { TableColumnsType } from 'antd';
import { itemMove, latestText, moveView, workName } from '../monitor-display';

/** 监控对象: 关键词排名 for a keyword's own ranking, else the work's name (in full on hover). */
function MonitorTarget({ item }: { item: MonitorItem }) {
  return (
    <span className="mon-target" title={workName(item)}>
      {item.aweme_id === null ? '关键词排名' : workName(item)}
    </span>
  );
}

/** 最新排名: the latest check's rank or state, coloured by its status. */
function LatestRank({ item, testId }: { item: MonitorItem; testId?: string }) {
  return (
    <span className={`mon-latest is-${item.latest?.status ?? 'pending'}`} data-testid={testId}>
      {latestText(item)}
    </span>
  );
}

/**
 * The columns every table of monitored items shows after the keyword: 监控对象, 最新排名, 变化 and
 * 检测日期. `latestTestId` marks the rank cells, for the tests of a table that asks for it.
 */
export function rankColumns(latestTestId?: string): TableColumnsType<MonitorItem> {
  return [
    {
      title: '监控对象',
      key: 'target',
      render: (_, item) => <MonitorTarget item={item} />,
    },
    {
      title: '最新排名',
      key: 'latest',
      render: (_, item) => <LatestRank item={item} testId={latestTestId} />,
    },
    {
      title: '变化',
      key: 'move',
      render: (_, item) => {
        const view = moveView(itemMove(item));
        return <span className={`mon-move is-${view.tone}`}>{view.label}</span>;
      },
    },
    { title: '检测日期', key: 'day', render: (_, item) => item.latest?.day ?? '-' },
  ];
}

import type { MonitorItem } from '@dso/contract';
import { latestText, workName } from '../monitor-display';

/** 监控对象: 关键词排名 for a keyword's own ranking, else the work's name (in full on hover). */
export function MonitorTarget({ item }: { item: MonitorItem }) {
  return (
    <span className="mon-target" title={workName(item)}>
      {item.aweme_id === null ? '关键词排名' : workName(item)}
    </span>
  );
}

/** 最新排名: the latest check's rank or state, coloured by its status. */
export function LatestRank({ item, testId }: { item: MonitorItem; testId?: string }) {
  return (
    <span className={`mon-latest is-${item.latest?.status ?? 'pending'}`} data-testid={testId}>
      {latestText(item)}
    </span>
  );
}

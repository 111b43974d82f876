import type { ConsoleMe } from '@dso/contract';
import { Tabs } from 'antd';
import { DataCollection } from '../components/data-collection';
import { DataDerive } from '../components/data-derive';
import { DataImports } from '../components/data-imports';
import { DataJobs } from '../components/data-jobs';

/**
 * 数据 (docs/console.md; 管理员 and 数据): imports with their reports, derive jobs, the job queue, and scheduled
 * collection (docs/collection.md).
 */
export default function DataPage({ me: _me }: { me: ConsoleMe }) {
  return (
    <>
      <h2>数据</h2>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'imports', label: '导入', children: <DataImports /> },
          { key: 'derive', label: '派生任务', children: <DataDerive /> },
          { key: 'jobs', label: '任务队列', children: <DataJobs /> },
          { key: 'collection', label: '采集', children: <DataCollection /> },
        ]}
      />
    </>
  );
}

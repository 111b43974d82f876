import type { Platform, PlatformFigures } from '@dso/contract';
import { MISSING_VALUE } from '@dso/domain';
import { Table, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { CompetitionStars, GrowthText } from '../../../components';
import { figureValue, formatFigure } from '../../../lib/figures';
import { keywordDetailPath } from '../../../lib/keyword-addresses';
import { DetailCard } from './detail-card';
import { FigureTip } from './figure-tip';
import { PlatformBadge } from './platform-badge';

export interface PlatformComparisonProps {
  keyword: string;
  /** The library of the page, highlighted in the table. */
  current: { platform: Platform; country: string };
  platforms: readonly PlatformFigures[];
}

/**
 * The same keyword's figures on every platform side by side ("beyond the anchors"): one row
 * per library, the search index drawn as a bar against the largest, a link to each library's own
 * detail page, and 未收录 where that library does not have the word.
 */
export function PlatformComparison({ keyword, current, platforms }: PlatformComparisonProps) {
  const largest = Math.max(0, ...platforms.map((row) => figureValue(row.search_index) ?? 0));
  const isCurrent = (row: PlatformFigures) => row.platform === current.platform && row.country === current.country;
  const missing = <span className="kd-muted">{MISSING_VALUE}</span>;
  const columns: TableColumnsType<PlatformFigures> = [
    {
      title: '平台',
      key: 'platform',
      width: 130,
      render: (_, row) => <PlatformBadge platform={row.platform} country={row.country} />,
    },
    {
      title: <FigureTip term="searchIndex" />,
      key: 'search_index',
      render: (_, row) => {
        if (!row.found) return missing;
        const value = figureValue(row.search_index) ?? 0;
        return (
          <span className="kd-inline-bar">
            <span className="kd-inline-bar__value">{formatFigure(row.search_index)}</span>
            <span className="kd-inline-bar__track" aria-hidden="true">
              <span
                className="kd-inline-bar__fill"
                style={{ width: `${largest > 0 ? (value / largest) * 100 : 0}%` }}
              />
            </span>
          </span>
        );
      },
    },
    {
      title: <FigureTip term="monthCover" />,
      key: 'month_cover_count',
      render: (_, row) => (row.found ? formatFigure(row.month_cover_count) : missing),
    },
    {
      title: <FigureTip term="relatedWorks" />,
      key: 'related_work_count',
      render: (_, row) => (row.found ? formatFigure(row.related_work_count) : missing),
    },
    {
      title: <FigureTip term="competition" />,
      key: 'competition',
      render: (_, row) => (row.found ? <CompetitionStars value={row.competition} /> : missing),
    },
    {
      title: <FigureTip term="growth" />,
      key: 'growth_rate',
      render: (_, row) => (row.found ? <GrowthText rate={row.growth_rate} /> : missing),
    },
    { title: '数据日期', key: 'as_of', render: (_, row) => (row.found ? row.as_of : missing) },
    {
      title: '操作',
      key: 'action',
      width: 96,
      render: (_, row) => {
        if (!row.found) return <span className="kd-muted">未收录</span>;
        if (isCurrent(row)) return <span className="kd-muted">当前</span>;
        return <Link to={keywordDetailPath({ platform: row.platform, keyword, country: row.country })}>查看详情</Link>;
      },
    },
  ];
  return (
    <DetailCard
      title="全平台数据对比"
      extra={<span className="kd-card__extra">同一关键词在各平台词库中的表现</span>}
      testId="platform-comparison"
    >
      <Table<PlatformFigures>
        className="data-table kd-table"
        rowKey={(row) => `${row.platform}${row.country}`}
        columns={columns}
        dataSource={[...platforms]}
        pagination={false}
        size="middle"
        rowClassName={(row) => (isCurrent(row) ? 'kd-table__row--current' : '')}
      />
    </DetailCard>
  );
}

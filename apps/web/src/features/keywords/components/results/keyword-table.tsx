import type { KeywordRow, KeywordSortField } from '@dso/contract';
import { rateFigureValue } from '@dso/domain';
import { Table, type TableColumnsType, type TableColumnType, type TableProps, Tag, Tooltip } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CompetitionStars, GlossaryTip, GrowthText, KeywordHighlight, NoData } from '../../../../components';
import { figureValue, formatFigure } from '../../../../lib/figures';
import { keywordDetailPath } from '../../../../lib/keyword-addresses';
import type { KeywordLibrary } from '../../keyword-libraries';
import { formatDay } from './figures';

/** A sort of the table: a contract sort field and its direction. */
export interface KeywordSort {
  field: KeywordSortField;
  order: 'asc' | 'desc';
}

export interface KeywordTableProps {
  rows: KeywordRow[];
  loading?: boolean;
  library: KeywordLibrary;
  country?: string;
  /** The searched text, coloured in the keywords (batch words joined by 、). */
  highlight: string;
  /** Rank of the first row minus one (the rows before this page). */
  rankOffset?: number;
  /** Server-side sorting: the current sort and its change. Without it the page sorts locally. */
  sort?: KeywordSort;
  onSortChange?(sort: KeywordSort): void;
  emptyText?: ReactNode;
}

/** Rows a search found by what its word means rather than its letters: the mark and why it is there. */
const relatedMarks = {
  industry: { text: '行业词', tip: '不含搜索词，属于搜索词所指的行业' },
  synonym: { text: '近义词', tip: '不含搜索词，含它的近义词' },
} as const;

function RelatedMark({ match }: { match: keyof typeof relatedMarks }) {
  const mark = relatedMarks[match];
  return (
    <Tooltip title={mark.tip}>
      <Tag variant="filled" className="kw-tag">
        {mark.text}
      </Tag>
    </Tooltip>
  );
}

const toAntdOrder = (order: 'asc' | 'desc'): SortOrder => (order === 'asc' ? 'ascend' : 'descend');

const countOf = (figure: KeywordRow['search_index']) => figureValue(figure) ?? 0;

/** Local orderings, for lists the server does not sort (related words). */
const localCompare: Record<KeywordSortField, (a: KeywordRow, b: KeywordRow) => number> = {
  search_index: (a, b) => countOf(a.search_index) - countOf(b.search_index),
  month_cover_count: (a, b) => countOf(a.month_cover_count) - countOf(b.month_cover_count),
  competition: (a, b) => a.competition - b.competition,
  related_work_count: (a, b) => countOf(a.related_work_count) - countOf(b.related_work_count),
  growth_rate: (a, b) => (rateFigureValue(a.growth_rate) ?? 0) - (rateFigureValue(b.growth_rate) ?? 0),
  first_seen: (a, b) => a.first_seen.localeCompare(b.first_seen),
};

/**
 * The keyword table of a library tab: keyword (coloured, opening its detail page), search index,
 * month coverage, competition stars with the reasons behind them, related works, content category
 * with its glossary tip, industry, 7-day growth and first-seen date. Figures are shown as they
 * arrive: exact, or as display bands.
 */
export function KeywordTable({
  rows,
  loading,
  library,
  country,
  highlight,
  rankOffset = 0,
  sort,
  onSortChange,
  emptyText,
}: KeywordTableProps) {
  const sortable = (field: KeywordSortField) =>
    onSortChange
      ? {
          sorter: true,
          sortOrder: sort?.field === field ? toAntdOrder(sort.order) : null,
          sortDirections: ['descend', 'ascend'] as SortOrder[],
        }
      : { sorter: localCompare[field], sortDirections: ['descend', 'ascend'] as SortOrder[] };

  /** A count column: right-aligned, sortable, the figure exact or as its display band. */
  const figureColumn = (
    field: 'search_index' | 'month_cover_count' | 'related_work_count',
    title: ReactNode,
  ): TableColumnType<KeywordRow> => ({
    title,
    dataIndex: field,
    key: field,
    align: 'right',
    ...sortable(field),
    render: (value: KeywordRow[typeof field]) => <span className="kw-figure">{formatFigure(value)}</span>,
  });

  const columns: TableColumnsType<KeywordRow> = [
    {
      title: '排名',
      key: 'rank',
      width: 64,
      align: 'center',
      render: (_, __, index) => <span className="kw-rank">{rankOffset + index + 1}</span>,
    },
    {
      title: '关键词',
      dataIndex: 'keyword',
      key: 'keyword',
      width: 260,
      render: (_, row) => (
        <div className="kw-cell-keyword">
          <Link
            to={keywordDetailPath({ platform: library.key, keyword: row.keyword, country: row.country || country })}
            className="kw-keyword-link"
          >
            <KeywordHighlight text={row.keyword} keyword={highlight} />
          </Link>
          {row.match && row.match !== 'literal' && <RelatedMark match={row.match} />}
          {row.blue_ocean && (
            <Tag color="blue" variant="filled" className="kw-tag">
              蓝海
            </Tag>
          )}
          {row.commerce_intent && (
            <Tag color="volcano" variant="filled" className="kw-tag">
              带货
            </Tag>
          )}
        </div>
      ),
    },
    figureColumn('search_index', '搜索指数'),
    figureColumn(
      'month_cover_count',
      <Tooltip title="近30天内覆盖该关键词的作品播放总量">
        <span className="kw-th-hint">月覆盖量</span>
      </Tooltip>,
    ),
    {
      title: '竞争度',
      dataIndex: 'competition',
      key: 'competition',
      ...sortable('competition'),
      render: (_, row) => (
        <Tooltip
          title={
            row.competition_reasons.length > 0 ? (
              <ul className="kw-reasons">
                {row.competition_reasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            ) : null
          }
        >
          <span className="kw-competition" data-testid="competition">
            <CompetitionStars value={row.competition} />
          </span>
        </Tooltip>
      ),
    },
    figureColumn('related_work_count', '相关作品'),
    {
      title: '内容分类',
      dataIndex: 'category',
      key: 'category',
      render: (value: string | null) => <GlossaryTip code={value} />,
    },
    {
      title: '行业',
      dataIndex: 'industry',
      key: 'industry',
      render: (value: string | null) => value || '--',
    },
    {
      title: '7日增长',
      dataIndex: 'growth_rate',
      key: 'growth_rate',
      align: 'right',
      ...sortable('growth_rate'),
      render: (value: KeywordRow['growth_rate']) => <GrowthText rate={value} />,
    },
    {
      title: '首次出现',
      dataIndex: 'first_seen',
      key: 'first_seen',
      align: 'right',
      ...sortable('first_seen'),
      render: (value: string) => <span className="kw-day">{formatDay(value)}</span>,
    },
  ];

  const handleChange: TableProps<KeywordRow>['onChange'] = (_, __, sorter, extra) => {
    if (!onSortChange || extra.action !== 'sort' || Array.isArray(sorter)) return;
    const field = sorter.columnKey as KeywordSortField | undefined;
    // Clicking a sorted column a third time clears antd's order: back to the default sort.
    if (!field || !sorter.order) onSortChange({ field: 'search_index', order: 'desc' });
    else onSortChange({ field, order: sorter.order === 'ascend' ? 'asc' : 'desc' });
  };

  return (
    <div data-testid="keyword-table">
      <Table<KeywordRow>
        className="data-table kw-table"
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        onChange={handleChange}
        showSorterTooltip={false}
        scroll={{ x: 1080 }}
        locale={{ emptyText: <NoData text={emptyText} size="small" /> }}
      />
    </div>
  );
}

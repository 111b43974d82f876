import { type VideoKeywordRow, videoLimits, videoMessages } from '@dso/contract';
import { Button, Form, Input, InputNumber, Select, Table, type TableProps } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { CompetitionStars } from '../../../components';
import { formatFigure } from '../../../lib/figures';
import { keywordDetailPath } from '../../../lib/keyword-addresses';
import { useVideoKeywords, type VideoKeywordFilters, type VideoKeywordsRequest } from '../api/get-video-keywords';
import { TabFailure } from './refusal';

type Order = VideoKeywordsRequest['orders'][number];
const starOptions = [1, 2, 3, 4].map((value) => ({ value, label: `${value}星` }));

interface FilterForm {
  competition_start?: number;
  competition_end?: number;
  month_cover_count_start?: number | null;
  month_cover_count_end?: number | null;
  keyword?: string;
}

/** Drops empty fields and rejects a range whose start lies above its end. */
function toFilters(form: FilterForm): VideoKeywordFilters | string {
  const filters: VideoKeywordFilters = {};
  if (form.competition_start != null) filters.competition_start = form.competition_start;
  if (form.competition_end != null) filters.competition_end = form.competition_end;
  if (form.month_cover_count_start != null) filters.month_cover_count_start = form.month_cover_count_start;
  if (form.month_cover_count_end != null) filters.month_cover_count_end = form.month_cover_count_end;
  const text = form.keyword?.trim();
  if (text) filters.keyword = text;
  const bad = (start?: number, end?: number) => start !== undefined && end !== undefined && start > end;
  if (bad(filters.competition_start, filters.competition_end)) return videoMessages.rangeOrder;
  if (bad(filters.month_cover_count_start, filters.month_cover_count_end)) return videoMessages.rangeOrder;
  return filters;
}

/**
 * 关联关键词 (002 §2): the keywords the video covers — keyword, month_cover_count, competition stars —
 * filtered by competition and month_cover_count ranges and a text, month_cover_count descending by
 * default, 10 a page; each keyword links to its detail page.
 */
export function KeywordsTab({ awemeId, wordNew }: { awemeId: string; wordNew: string }) {
  const [pageNo, setPageNo] = useState(1);
  const [filters, setFilters] = useState<VideoKeywordFilters>({});
  const [orders, setOrders] = useState<Order[]>([{ ...videoLimits.keywordTableDefaultOrder }]);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const query = useVideoKeywords({ awemeId, wordNew, pageNo, filters, orders });

  const submit = (form: FilterForm) => {
    const next = toFilters(form);
    if (typeof next === 'string') {
      setRangeError(next);
      return;
    }
    setRangeError(null);
    setFilters(next);
    setPageNo(1);
  };

  const sortOf = (column: Order['column']) => {
    const order = orders.find((item) => item.column === column);
    return order ? (order.asc ? 'ascend' : 'descend') : null;
  };
  const columns: TableProps<VideoKeywordRow>['columns'] = [
    {
      title: '关键词',
      dataIndex: 'keyword',
      render: (keyword: string) => <Link to={keywordDetailPath({ platform: 'DSO', keyword })}>{keyword}</Link>,
    },
    {
      title: '月覆盖人数',
      dataIndex: 'month_cover_count',
      key: 'month_cover_count',
      sorter: true,
      sortOrder: sortOf('month_cover_count'),
      render: (value: VideoKeywordRow['month_cover_count']) => formatFigure(value),
    },
    {
      title: '竞争度',
      dataIndex: 'competition',
      key: 'competition',
      sorter: true,
      sortOrder: sortOf('competition'),
      render: (value: number) => <CompetitionStars value={value} hideLabel />,
    },
  ];

  if (query.isError) return <TabFailure error={query.error} type="keyword" onRetry={() => void query.refetch()} />;
  return (
    <div className="vd-keywords">
      <Form<FilterForm> layout="inline" onFinish={submit} className="vd-keywords__filters">
        <Form.Item label="竞争度" name="competition_start">
          <Select allowClear placeholder="最低" options={starOptions} style={{ width: 88 }} aria-label="竞争度起始" />
        </Form.Item>
        <Form.Item name="competition_end">
          <Select allowClear placeholder="最高" options={starOptions} style={{ width: 88 }} aria-label="竞争度结束" />
        </Form.Item>
        <Form.Item label="月覆盖人数" name="month_cover_count_start">
          <InputNumber min={0} placeholder="最小值" aria-label="月覆盖人数起始" />
        </Form.Item>
        <Form.Item name="month_cover_count_end">
          <InputNumber min={0} placeholder="最大值" aria-label="月覆盖人数结束" />
        </Form.Item>
        <Form.Item name="keyword">
          <Input allowClear maxLength={30} placeholder="搜索关键词" aria-label="关键词" />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          筛选
        </Button>
      </Form>
      {rangeError && (
        <p role="alert" className="vd-keywords__error">
          {rangeError}
        </p>
      )}
      <Table<VideoKeywordRow>
        rowKey="keyword"
        size="small"
        columns={columns}
        dataSource={query.data?.result ?? []}
        loading={query.isFetching}
        locale={{ emptyText: videoMessages.noData }}
        pagination={{
          current: pageNo,
          pageSize: videoLimits.keywordTablePageSize,
          total: query.data?.total_record ?? 0,
          showSizeChanger: false,
        }}
        onChange={(pagination, _filters, sorter) => {
          const sort = Array.isArray(sorter) ? sorter[0] : sorter;
          const column = sort?.columnKey as Order['column'] | undefined;
          const nextOrders: Order[] =
            column && sort?.order
              ? [{ column, asc: sort.order === 'ascend' }]
              : [{ ...videoLimits.keywordTableDefaultOrder }];
          if (JSON.stringify(nextOrders) !== JSON.stringify(orders)) {
            setOrders(nextOrders);
            setPageNo(1);
          } else {
            setPageNo(pagination.current ?? 1);
          }
        }}
      />
    </div>
  );
}

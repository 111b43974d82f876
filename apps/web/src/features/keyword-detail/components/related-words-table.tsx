import type { KeywordRow, RelatedList } from '@dso/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Table, type TableColumnsType } from 'antd';
import { CappedPagination, LoadFailed, NoData } from '../../../components';
import { RELATED_PAGE_SIZE } from '../api/get-related-keywords';

export interface RelatedWordsTableProps {
  /** The page of related words shown (useRelatedKeywords). */
  query: UseQueryResult<RelatedList>;
  columns: TableColumnsType<KeywordRow>;
  page: number;
  onPageChange(page: number): void;
  className?: string;
  /** What shows when the page failed: 相关词加载失败 and the like, in the page's own frame. */
  failed: { message: string; className: string };
  /** Replaces 暂无数据 once the page has answered with no rows. */
  emptyText?: string;
}

/**
 * A page of related words as the detail's related-words tab and the drop-down words page show it: a
 * retry when the page failed, else the table of keyword rows, then the pagination capped at the
 * grade's depth while there are any.
 */
export function RelatedWordsTable({ query, page, onPageChange, failed, ...props }: RelatedWordsTableProps) {
  const list = query.data;
  return (
    <>
      {query.isError ? (
        <LoadFailed className={failed.className} message={failed.message} onRetry={() => void query.refetch()} />
      ) : (
        <Table<KeywordRow>
          className={props.className}
          rowKey="id"
          columns={props.columns}
          dataSource={list?.result ?? []}
          loading={query.isFetching}
          pagination={false}
          size="middle"
          // A blank while the first page loads, so the empty text does not flash before the rows.
          locale={{ emptyText: query.isPending ? ' ' : <NoData size="small" text={props.emptyText} /> }}
        />
      )}
      {list && list.total_record > 0 && (
        <CappedPagination list={list} page={page} pageSize={RELATED_PAGE_SIZE} onChange={onPageChange} />
      )}
    </>
  );
}

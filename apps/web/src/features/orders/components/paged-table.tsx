import { Table, type TableProps } from 'antd';
import { AppPagination } from '../../../components/pagination/app-pagination';
import type { PagedList } from '../../../lib/use-paged-list';

export interface PagedTableProps<Row> extends Pick<TableProps<Row>, 'rowKey' | 'columns' | 'rowSelection'> {
  /** The list: a page of rows and the count of them all, as the list call answers. */
  list: PagedList<{ list: Row[]; total: number }>;
  /** The table's width before it scrolls sideways. */
  scrollX: number;
  emptyText: string;
}

/**
 * A list of 我的订单 (orders, invoices): the table of one page, with the server's paging below it at the
 * right; the pager hides while everything fits on one page.
 */
export function PagedTable<Row extends object>(props: PagedTableProps<Row>) {
  return (
    <>
      <Table<Row>
        rowKey={props.rowKey}
        size="middle"
        columns={props.columns}
        dataSource={props.list.data?.list ?? []}
        loading={props.list.isPending}
        pagination={false}
        scroll={{ x: props.scrollX }}
        locale={{ emptyText: props.emptyText }}
        rowSelection={props.rowSelection}
      />
      <AppPagination
        total={props.list.data?.total ?? 0}
        current={props.list.page}
        pageSize={props.list.pageSize}
        hideOnSinglePage
        align="end"
        onChange={props.list.setPage}
        className="orders-pagination"
      />
    </>
  );
}

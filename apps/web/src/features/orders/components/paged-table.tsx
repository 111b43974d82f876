import { Table, type TableProps } from 'antd';
import { AppPagination } from '../../../components/pagination/app-pagination';

export interface PagedTableProps<Row> extends Pick<TableProps<Row>, 'rowKey' | 'columns' | 'rowSelection'> {
  /** A page of rows and the count of them all, as the list call answers; undefined while loading. */
  data?: { list: Row[]; total: number };
  isPending: boolean;
  page: number;
  pageSize: number;
  onPageChange(page: number): void;
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
        dataSource={props.data?.list ?? []}
        loading={props.isPending}
        pagination={false}
        scroll={{ x: props.scrollX }}
        locale={{ emptyText: props.emptyText }}
        rowSelection={props.rowSelection}
      />
      <AppPagination
        total={props.data?.total ?? 0}
        current={props.page}
        pageSize={props.pageSize}
        hideOnSinglePage
        align="end"
        onChange={props.onPageChange}
        className="orders-pagination"
      />
    </>
  );
}

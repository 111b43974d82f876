import { Table, type TableProps, Tag } from 'antd';

import type { PagedList } from '../../../lib/use-paged-list';

/** One page of a console list as the API answers it. */
interface Page<T> {
  list: T[];
  total: number;
}

type PagedTableProps<T> = Omit<TableProps<T>, 'dataSource' | 'pagination'> & {
  list: PagedList<Page<T>>;
  showTotal?: (total: number) => string;
};

/**
 * A console list read a page at a time: one page size the server fixes, no size changer; loading while
 * a page is fetched unless told otherwise.
 */
export function PagedTable<T extends object>({ list, showTotal, ...props }: PagedTableProps<T>) {
  return (
    <Table<T>
      loading={list.isFetching}
      {...props}
      dataSource={list.data?.list ?? []}
      pagination={{
        current: list.page,
        pageSize: list.pageSize,
        total: list.data?.total ?? 0,
        onChange: list.setPage,
        showSizeChanger: false,
        showTotal,
      }}
    />
  );
}

type CatalogueTableProps<T> = Omit<TableProps<T>, 'rowKey' | 'pagination' | 'dataSource' | 'loading' | 'columns'> & {
  /** The catalogue's query: its rows, and whether the first answer is still loading. */
  query: { data?: T[] | undefined; isLoading: boolean };
  /** The columns after the 编号 every catalogue starts with. */
  columns: NonNullable<TableProps<T>['columns']>;
};

/** A short catalogue shown whole (plans, packs, coupons) from its query, keyed and numbered (编号) by its id. */
export function CatalogueTable<T extends { id: number }>({ query, columns, ...props }: CatalogueTableProps<T>) {
  return (
    <Table<T>
      rowKey="id"
      pagination={false}
      size="middle"
      loading={query.isLoading}
      dataSource={query.data ?? []}
      columns={[{ title: '编号', dataIndex: 'id', width: 70 }, ...columns]}
      {...props}
    />
  );
}

/**
 * A column's render of a state as a coloured tag, from the page's words and colours for each state; a
 * state without words reads as its code, one without a colour is grey.
 */
export const stateTag =
  <S extends string>(texts: Partial<Record<S, string>>, colors: Partial<Record<S, string>>) =>
  (state: S) => <Tag color={colors[state]}>{texts[state] ?? state}</Tag>;

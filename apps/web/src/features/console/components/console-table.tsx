import { Table, type TableProps, Tag } from 'antd';

/** One page of a console list as the API answers it. */
interface Page<T> {
  list: T[];
  total: number;
}

type PagedTableProps<T> = Omit<TableProps<T>, 'dataSource' | 'pagination'> & {
  /** The page answered, or undefined while the first one loads. */
  data: Page<T> | undefined;
  page: number;
  onPage: (page: number) => void;
  pageSize: number;
  showTotal?: (total: number) => string;
};

/** A console list read a page at a time: one page size the server fixes, no size changer. */
export function PagedTable<T extends object>({
  data,
  page,
  onPage,
  pageSize,
  showTotal,
  ...props
}: PagedTableProps<T>) {
  return (
    <Table<T>
      {...props}
      dataSource={data?.list ?? []}
      pagination={{
        current: page,
        pageSize,
        total: data?.total ?? 0,
        onChange: onPage,
        showSizeChanger: false,
        showTotal,
      }}
    />
  );
}

/** A short catalogue shown whole (plans, packs, coupons), keyed by its id. */
export function CatalogueTable<T extends { id: number }>(props: Omit<TableProps<T>, 'rowKey' | 'pagination'>) {
  return <Table<T> rowKey="id" pagination={false} size="middle" {...props} />;
}

/**
 * A column's render of a state as a coloured tag, from the page's words and colours for each state; a
 * state without words reads as its code, one without a colour is grey.
 */
export const stateTag =
  <S extends string>(texts: Partial<Record<S, string>>, colors: Partial<Record<S, string>>) =>
  (state: S) => <Tag color={colors[state]}>{texts[state] ?? state}</Tag>;

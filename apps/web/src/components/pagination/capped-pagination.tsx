import { rowCapMessage } from '@dso/domain';
import '../components.css';
import { AppPagination } from './app-pagination';

/** What a paged keyword list answers about its length (002 §3). */
export interface CappedList {
  total_record: number;
  /** The row cap of the viewer's grade; 0 means none. */
  data_max: number;
  user_grade: string;
}

export interface CappedPaginationProps {
  list: CappedList;
  page: number;
  pageSize: number;
  onChange(page: number): void;
  className?: string;
}

/**
 * Under a paged table: the grade's row cap (您的X会员只能看N条数据，升级会员查看更多) whenever the list is
 * longer than the cap, beside the pagination, whose last page is the cap (002 §4).
 */
export function CappedPagination({ list, page, pageSize, onChange, className }: CappedPaginationProps) {
  const capped = list.data_max > 0 && list.total_record > list.data_max;
  return (
    <div className={['dso-capped-pagination', className].filter(Boolean).join(' ')}>
      <span className="dso-capped-pagination__cap">{capped ? rowCapMessage(list.user_grade, list.data_max) : ''}</span>
      <AppPagination
        total={list.total_record}
        current={page}
        pageSize={pageSize}
        maxNumber={list.data_max}
        onChange={onChange}
      />
    </div>
  );
}

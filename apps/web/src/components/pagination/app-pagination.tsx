import { canChangePage, paginationDefaults } from '@dso/domain';
import { Pagination } from 'antd';
import { openRowCapPrompt } from '../upgrade-block/upgrade-actions';
import '../components.css';

/** What a refused page change asked for. */
export interface ExceedMaxInfo {
  page: number;
  pageSize: number;
  maxNumber: number;
}

export interface AppPaginationProps {
  /** Rows in the whole list (`total_record`). */
  total: number;
  /** The current page, 1-based; the control is controlled. */
  current: number;
  /** Rows per page; 10 by default (000 §9). */
  pageSize?: number;
  /** Choices for the size changer; 20 and 50 by default (000 §9). */
  pageSizeOptions?: readonly number[];
  /**
   * Shows the size changer. Off by default: the spec's layout is prev, pager, next (000 §9), and
   * antd would otherwise add a changer by itself once total passes 50.
   */
  showSizeChanger?: boolean;
  /**
   * The grade's paging depth (`listMaxCount`, 000 §5, §6): a page whose page × size exceeds it is
   * refused. Absent or 0 means no limit.
   */
  maxNumber?: number | null;
  /** Called for every accepted change, with the new page and size. */
  onChange(page: number, pageSize: number): void;
  /**
   * Called instead of `onChange` for a refused change. By default the no-permission dialog opens
   * with the row-cap message and the next tier preselected.
   */
  onExceedMax?(info: ExceedMaxInfo): void;
  disabled?: boolean;
  /** Hides the control when everything fits on one page. */
  hideOnSinglePage?: boolean;
  align?: 'start' | 'center' | 'end';
  className?: string;
}

/**
 * The pagination control (000 §2.7, §5, §9): prev, pager, next, and the grade's max number guarding
 * every change. Pager count 7: up to seven pages all show; longer lists fold into seven slots
 * (first, a jump-back, three around the current page, a jump-forward, last), antd's default fold.
 */
export function AppPagination({
  total,
  current,
  pageSize = paginationDefaults.pageSize,
  pageSizeOptions = paginationDefaults.pageSizes,
  showSizeChanger = false,
  maxNumber,
  onChange,
  onExceedMax,
  disabled,
  hideOnSinglePage,
  align = 'end',
  className,
}: AppPaginationProps) {
  const handleChange = (page: number, size: number) => {
    if (!canChangePage({ page, pageSize: size, maxNumber })) {
      const info = { page, pageSize: size, maxNumber: maxNumber as number };
      if (onExceedMax) onExceedMax(info);
      else openRowCapPrompt(info.maxNumber);
      return;
    }
    onChange(page, size);
  };
  // The changer must list the size in use or antd shows a bare number.
  const options = [...new Set([pageSize, ...pageSizeOptions])].sort((a, b) => a - b);
  const classes = ['dso-pagination', `dso-pagination--${align}`, className].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <Pagination
        total={total}
        current={current}
        pageSize={pageSize}
        pageSizeOptions={options}
        showSizeChanger={showSizeChanger}
        showQuickJumper={false}
        showLessItems={false}
        hideOnSinglePage={hideOnSinglePage}
        disabled={disabled}
        onChange={handleChange}
      />
    </div>
  );
}

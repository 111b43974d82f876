import { decideListFooter, paginationDefaults } from '@dso/domain';
import { AppPagination, ListFooter, openLoginDialog } from '../../../../components';
import { useSession } from '../../../../stores/session';

/** Rows per page of a library table (000 §9: page size 10). */
export const LIBRARY_PAGE_SIZE = paginationDefaults.pageSize;

export interface ResultsFooterProps {
  /**
   * The list response's counts: `total_record`, `data_max` (how deep this viewer may page) and
   * `user_grade`; nothing is drawn before it has come.
   */
  list: { total_record: number; data_max: number; user_grade: string } | undefined;
  page: number;
  /** Rows on the current page. */
  shown: number;
  onPageChange(page: number): void;
}

/**
 * Under a result table: visitors see the rank prompt 需要登录才能查看更多排名 / 马上登录 (000 §6); a user
 * who has paged to the grade's cap sees the row-cap line with an upgrade button (002 §4); then the
 * pagination, whose max number is `data_max`: a page beyond it is refused with the upgrade prompt
 * (您的X会员只能看N条数据，升级会员查看更多), or the login dialog for visitors (000 §5).
 */
export function ResultsFooter({ list, page, shown, onPageChange }: ResultsFooterProps) {
  const loggedIn = useSession((state) => Boolean(state.token));
  if (!list) return null;
  const { total_record: total, data_max: dataMax, user_grade: grade } = list;
  const pageSize = LIBRARY_PAGE_SIZE;
  const footer = decideListFooter({ loggedIn, total, loadedCount: shown, pageNum: page, pageSize, dataMax, grade });
  const showGradeLine = loggedIn && footer.state !== 'show' && footer.state !== 'noMore' && footer.state !== 'noData';
  return (
    <div className="kw-results-footer">
      {!loggedIn && shown > 0 && <ListFooter state="noLogin" loginVariant="rank" />}
      {showGradeLine && <ListFooter state={footer.state} dataMax={dataMax} />}
      {total > pageSize && (
        <AppPagination
          total={total}
          current={page}
          pageSize={pageSize}
          maxNumber={dataMax}
          onChange={(next) => onPageChange(next)}
          {...(loggedIn ? {} : { onExceedMax: openLoginDialog })}
        />
      )}
    </div>
  );
}

import { decideListFooter } from '@dso/domain';
import { AppPagination, ListFooter, openLoginDialog } from '../../../../components';
import { useSession } from '../../../../stores/session';

export interface ResultsFooterProps {
  /** `total_record`. */
  total: number;
  /** `data_max`: how deep this viewer may page. */
  dataMax: number;
  /** `user_grade` of the response. */
  grade: string;
  page: number;
  pageSize: number;
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
export function ResultsFooter({ total, dataMax, grade, page, pageSize, shown, onPageChange }: ResultsFooterProps) {
  const loggedIn = useSession((state) => Boolean(state.token));
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

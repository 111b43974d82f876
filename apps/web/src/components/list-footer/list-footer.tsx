import {
  decideListFooter,
  gradeNames,
  isTopTier,
  type ListFooterGradeState,
  type ListFooterInput,
  type ListFooterState,
  listFooterGradeText,
  listFooterTexts,
  nextGrade,
} from '@dso/domain';
import { Button, Spin } from 'antd';
import type { ReactNode } from 'react';
import { NoData } from '../no-data/no-data';
import { openLoginDialog } from '../upgrade-block/upgrade-actions';
import { UpgradeLinkButton } from '../upgrade-block/upgrade-link-button';
import '../components.css';

interface ListFooterCommonProps {
  /** `creating` shows 继续智能创作中... for AI writing lists; `loading` (default) 更多数据正在加载中.... */
  loadingVariant?: 'loading' | 'creating';
  /** `rank` asks guests to log in for more rankings: 需要登录才能查看更多排名 / 马上登录 (000 §6). */
  loginVariant?: 'default' | 'rank';
  /** Called by the 点击加载更多 button of the `click` state. */
  onLoadMore?: () => void;
  /** The grade's row cap (`data_max`); with it a grade state also states the cap. */
  dataMax?: number | null;
  /** Replaces 暂无数据 in the `noData` state. */
  noDataText?: ReactNode;
  className?: string;
}

export type ListFooterProps = ListFooterCommonProps &
  (
    | { /** A state chosen by the page (hide and click are only ever chosen this way). */ state: ListFooterState }
    | { /** The paging state, from which the domain rules choose the state. */ input: ListFooterInput }
  );

/** Whether a footer state is one of the grade states that invite an upgrade. */
function isGradeState(state: ListFooterState): state is ListFooterGradeState {
  return state === 'FREE' || state === 'VIP' || state === 'CVIP' || state === 'SVIP' || state === 'EVIP';
}

/**
 * The list footer (002 §4): every state of the domain state machine. show: loading text; noMore:
 * ~没有更多了~; noData: the no-data placeholder; noLogin: 立即登录注册，查看更多数据 with 立即登录 (or the
 * rank wording with 马上登录), both opening the login dialog; click: a 点击加载更多 button; hide:
 * nothing; FREE/VIP/CVIP/SVIP: an invitation to the next tier with a button to /pay. EVIP (and a
 * top-tier grade passed by hand) has nothing to upgrade to and reads as noMore, as the rules say.
 */
export function ListFooter(props: ListFooterProps) {
  const { loadingVariant = 'loading', loginVariant = 'default', onLoadMore, noDataText, className } = props;
  const state = 'state' in props ? props.state : decideListFooter(props.input).state;
  const dataMax = props.dataMax ?? ('input' in props ? props.input.dataMax : null);
  const classes = (...extra: (string | false)[]) => ['dso-list-footer', ...extra, className].filter(Boolean).join(' ');

  if (state === 'hide') return null;
  if (state === 'show') {
    return (
      <div className={classes('dso-list-footer--loading')} role="status">
        <Spin size="small" />
        <span>{loadingVariant === 'creating' ? listFooterTexts.creating : listFooterTexts.loading}</span>
      </div>
    );
  }
  if (state === 'click') {
    return (
      <div className={classes()}>
        <Button shape="round" onClick={onLoadMore}>
          {listFooterTexts.click}
        </Button>
      </div>
    );
  }
  if (state === 'noData') return <NoData text={noDataText} className={className} />;
  if (state === 'noLogin') {
    const copy = loginVariant === 'rank' ? listFooterTexts.noLoginRank : listFooterTexts.noLogin;
    return (
      <div className={classes('dso-list-footer--prompt')}>
        <span className="dso-list-footer__text">{copy.text}</span>
        <Button type="primary" shape="round" onClick={openLoginDialog}>
          {copy.button}
        </Button>
      </div>
    );
  }
  if (isGradeState(state) && !isTopTier(state)) {
    const target = gradeNames[nextGrade(state)];
    return (
      <div className={classes('dso-list-footer--prompt')}>
        {dataMax ? <span className="dso-list-footer__text">{listFooterGradeText(state, dataMax)}</span> : null}
        <UpgradeLinkButton>{`升级${target}查看更多数据`}</UpgradeLinkButton>
      </div>
    );
  }
  return (
    <div className={classes()}>
      <span>{listFooterTexts.noMore}</span>
    </div>
  );
}

export type FeedFooterProps = Omit<ListFooterCommonProps, 'onLoadMore' | 'dataMax'> & {
  /** A useListFeed list: its footer state, row cap and next page. */
  feed: { footer: ListFooterState; dataMax: number | null; loadMore(): void };
};

/** The footer of a useListFeed list: the feed's state, its row cap and 点击加载更多 loading the next page. */
export function FeedFooter({ feed, ...props }: FeedFooterProps) {
  return <ListFooter state={feed.footer} dataMax={feed.dataMax} onLoadMore={feed.loadMore} {...props} />;
}

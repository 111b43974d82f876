import { type Grade, isTopTier, normalizeGrade, rowCapMessage } from './grades';

/** Footer states of a paged list (002 §4). */
export const listFooterStates = [
  'hide',
  'show',
  'click',
  'noData',
  'noMore',
  'noLogin',
  'FREE',
  'VIP',
  'CVIP',
  'SVIP',
  'EVIP',
] as const;

/**
 * A list-footer state. `hide` (nothing shown) and `click` (a load-more button) are chosen by the
 * page itself; the rules below produce the others.
 */
export type ListFooterState = (typeof listFooterStates)[number];

/** The grade states: the cap was hit and the footer invites an upgrade. GVIP never gets one. */
export type ListFooterGradeState = Exclude<Grade, 'GVIP'>;

/** What the footer rules read from the paging state and the list response (002 §3). */
export interface ListFooterInput {
  loggedIn: boolean;
  /** `total_record` of the response. */
  total: number | null | undefined;
  /** Rows shown so far; 0 means the list is empty. */
  loadedCount: number;
  pageNum: number;
  pageSize: number;
  /** `data_max`: the row cap of the user's grade; absent or 0 means no cap. */
  dataMax?: number | null;
  /** The user's grade (`user_grade` or the user info grade). */
  grade: string | null | undefined;
}

/** The chosen state, and the page to load next when loading continues. */
export interface ListFooterDecision {
  state: ListFooterState;
  /** Set only for `show`: rule 5 advances the page. */
  nextPage: number | null;
}

const stay = (state: ListFooterState): ListFooterDecision => ({ state, nextPage: null });

/**
 * Chooses the footer state by the rules of 002 §4, in order: 1 not logged in → noLogin; 2 no rows
 * or total 0 → noData; 3 pageNum × pageSize ≥ total → noMore; 4 the cap (data_max) reached → the
 * user's grade state, but EVIP, GVIP (and unknown, top-tier grades) get noMore since there is
 * nothing to upgrade to; 5 otherwise show and advance the page.
 */
export function decideListFooter(input: ListFooterInput): ListFooterDecision {
  if (!input.loggedIn) return stay('noLogin');
  const total = input.total ?? 0;
  if (total <= 0 || input.loadedCount === 0) return stay('noData');
  const reached = input.pageNum * input.pageSize;
  if (reached >= total) return stay('noMore');
  if (input.dataMax && reached >= input.dataMax) {
    if (isTopTier(input.grade)) return stay('noMore');
    // Safe: GVIP is top tier and returned above.
    return stay(normalizeGrade(input.grade) as ListFooterGradeState);
  }
  return { state: 'show', nextPage: input.pageNum + 1 };
}

/** Footer texts (002 §4, §8; 001 §8). */
export const listFooterTexts = {
  /** `show` while loading data. */
  loading: '更多数据正在加载中...',
  /** `show` while AI writing continues. */
  creating: '继续智能创作中...',
  noMore: '~没有更多了~',
  noData: '暂无数据',
  /** `click`: not given by the spec; the usual load-more wording. */
  click: '点击加载更多',
  noLogin: { text: '立即登录注册，查看更多数据', button: '立即登录' },
  /** The ranking variant of noLogin, also used for guests on ranking lists (000 §6). */
  noLoginRank: { text: '需要登录才能查看更多排名', button: '马上登录' },
} as const;

/**
 * Text of a grade state. The spec leaves it open (002 §9 "Other"); the row-cap message fits, as
 * the footer appears exactly when the grade's cap is reached.
 */
export function listFooterGradeText(grade: ListFooterGradeState, dataMax: number): string {
  return rowCapMessage(grade, dataMax);
}

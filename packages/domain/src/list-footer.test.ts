import { describe, expect, it } from 'vitest';
import { decideListFooter, type ListFooterInput, listFooterGradeText, listFooterTexts } from './list-footer';

/** A logged-in FREE user on page 1 of 10 rows out of 100. */
function createInput(overrides: Partial<ListFooterInput> = {}): ListFooterInput {
  return {
    loggedIn: true,
    total: 100,
    loadedCount: 10,
    pageNum: 1,
    pageSize: 10,
    dataMax: null,
    grade: 'FREE',
    ...overrides,
  };
}

describe('decideListFooter', () => {
  it('asks a visitor to log in before anything else', () => {
    expect(decideListFooter(createInput({ loggedIn: false, total: 0 })).state).toBe('noLogin');
  });

  it('shows noData for a zero total or an empty list', () => {
    expect(decideListFooter(createInput({ total: 0 })).state).toBe('noData');
    expect(decideListFooter(createInput({ total: null })).state).toBe('noData');
    expect(decideListFooter(createInput({ loadedCount: 0 })).state).toBe('noData');
  });

  it('shows noMore once page × size reaches the total', () => {
    expect(decideListFooter(createInput({ pageNum: 10, total: 100 })).state).toBe('noMore');
    expect(decideListFooter(createInput({ pageNum: 9, total: 100 })).state).toBe('show');
  });

  it('prefers noMore over the cap when both are reached', () => {
    expect(decideListFooter(createInput({ pageNum: 5, total: 50, dataMax: 50 })).state).toBe('noMore');
  });

  it('shows the user grade state when the cap is reached', () => {
    expect(decideListFooter(createInput({ pageNum: 5, dataMax: 50 })).state).toBe('FREE');
    expect(decideListFooter(createInput({ pageNum: 5, dataMax: 50, grade: 'SVIP' })).state).toBe('SVIP');
    expect(decideListFooter(createInput({ pageNum: 4, dataMax: 50 })).state).toBe('show');
  });

  it('shows noMore at the cap for EVIP and GVIP', () => {
    expect(decideListFooter(createInput({ pageNum: 5, dataMax: 50, grade: 'EVIP' })).state).toBe('noMore');
    expect(decideListFooter(createInput({ pageNum: 5, dataMax: 50, grade: 'GVIP' })).state).toBe('noMore');
  });

  it('advances the page otherwise', () => {
    expect(decideListFooter(createInput({ pageNum: 3 }))).toEqual({ state: 'show', nextPage: 4 });
  });

  it('advances only when loading continues', () => {
    expect(decideListFooter(createInput({ pageNum: 10 })).nextPage).toBeNull();
  });
});

describe('list footer texts', () => {
  it('quotes the spec texts', () => {
    expect(listFooterTexts.loading).toBe('更多数据正在加载中...');
    expect(listFooterTexts.noMore).toBe('~没有更多了~');
    expect(listFooterTexts.noLogin).toEqual({ text: '立即登录注册，查看更多数据', button: '立即登录' });
    expect(listFooterTexts.noLoginRank).toEqual({ text: '需要登录才能查看更多排名', button: '马上登录' });
  });

  it('uses the row-cap message for a grade state', () => {
    expect(listFooterGradeText('SVIP', 500)).toBe('您的企业版会员只能看500条数据，升级会员查看更多');
  });
});

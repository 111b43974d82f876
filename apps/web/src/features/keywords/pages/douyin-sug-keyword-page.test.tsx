import { KeywordDetailPath, KeywordPath, type RelatedList } from '@dso/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as feedback from '../../../lib/feedback';
import { answerRequests, callsTo, keywordList, keywordRow, renderKeywords, setUpPageTest } from '../testing';
import DouyinSugKeywordPage from './douyin-sug-keyword-page';

vi.mock('../../../lib/api/client', () => ({ request: vi.fn() }));
const requestMock = setUpPageTest();

/** The drop-down words the library gives for each word: those starting with it. */
const dropDowns: Record<string, string[]> = {
  露营: ['露营装备', '露营地推荐'],
  露营装备: ['露营装备清单', '露营装备推荐'],
};

function sugList(keyword: string, pageNo = 1): RelatedList {
  const words = dropDowns[keyword] ?? [];
  return {
    ...keywordList(
      words.map((word) => keywordRow(word)),
      { total_record: pageNo === 1 ? words.length : 25 },
    ),
    relation: 'sug',
    main_word: null,
  };
}

const sugCalls = () =>
  callsTo(requestMock, KeywordDetailPath.related).map((call) => call.query as Record<string, unknown>);

describe('抖音下拉词', () => {
  beforeEach(() => {
    requestMock.mockReset();
    answerRequests(requestMock, {
      [KeywordDetailPath.related]: (options) => {
        const query = options?.query as { keyword: string; page_no: number };
        return sugList(query.keyword, query.page_no);
      },
      [KeywordPath.popular]: () => [{ keyword: '露营', search_index: '12.3w' }],
    });
  });

  it('offers words to start from, and shows the drop-down words of the one picked', async () => {
    renderKeywords(<DouyinSugKeywordPage />, { path: '/DouyinSugKeyword' });
    expect(await screen.findByText('输入关键词，查看它的下拉词')).toBeTruthy();
    expect(callsTo(requestMock, KeywordPath.popular)[0]?.query).toEqual({ type: 'down' });
    fireEvent.click(within(await screen.findByTestId('sug-starting-words')).getByRole('button', { name: '露营' }));
    expect(await screen.findByText('共 2 个下拉词')).toBeTruthy();
    expect(sugCalls().at(-1)).toMatchObject({
      platform: 'DSO',
      keyword: '露营',
      relation: 'sug',
      page_no: 1,
      page_size: 10,
    });
    expect(screen.getByTestId('address').textContent).toBe('/DouyinSugKeyword?keyword=%E9%9C%B2%E8%90%A5');
  });

  it("opens a word's own drop-down words from its row and goes back through the trail", async () => {
    renderKeywords(<DouyinSugKeywordPage />, { path: `/DouyinSugKeyword?keyword=${encodeURIComponent('露营')}` });
    const row = (await screen.findByRole('link', { name: /装备/ })).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '下拉词' }));
    expect(await screen.findByRole('link', { name: /清单/ })).toBeTruthy();
    expect(sugCalls().at(-1)).toMatchObject({ keyword: '露营装备' });
    const trail = screen.getByTestId('sug-words').querySelector('.ant-breadcrumb') as HTMLElement;
    expect(trail.textContent).toBe('露营/露营装备');
    fireEvent.click(within(trail).getByRole('button', { name: '露营' }));
    expect(await screen.findByRole('link', { name: /地推荐/ })).toBeTruthy();
    expect(screen.getByTestId('sug-words').querySelector('.ant-breadcrumb')?.textContent).toBe('露营');
  });

  it('warns 请输入关键词 on an empty search and asks nothing', async () => {
    const toast = vi.spyOn(feedback, 'toast').mockImplementation(() => undefined);
    renderKeywords(<DouyinSugKeywordPage />, { path: '/DouyinSugKeyword' });
    fireEvent.click(await screen.findByRole('button', { name: /查下拉词/ }));
    expect(toast).toHaveBeenCalledWith('请输入关键词', 'warning');
    expect(sugCalls()).toEqual([]);
    toast.mockRestore();
  });

  it('says so when a word has no drop-down words', async () => {
    renderKeywords(<DouyinSugKeywordPage />, { path: `/DouyinSugKeyword?keyword=${encodeURIComponent('没有的词')}` });
    expect(await screen.findByText('暂无下拉词')).toBeTruthy();
    await waitFor(() => expect(sugCalls()).toHaveLength(1));
  });
});

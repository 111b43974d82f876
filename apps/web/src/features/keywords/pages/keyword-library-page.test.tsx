import { KeywordDetailPath, KeywordPath } from '@dso/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api/errors';
import { useDialogs } from '../../../stores/dialogs';
import type { SearchKeywordsRequest } from '../api/search-keywords';
import {
  answerRequests,
  callsTo,
  keywordList,
  keywordRow,
  renderKeywords,
  setUpPageTest,
  type Viewer,
} from '../testing';
import KeywordLibraryPage from './keyword-library-page';

// Calls are answered per path; the export download keeps the real client over a stubbed fetch.
vi.mock('../../../lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api/client')>()),
  request: vi.fn(),
}));
const requestMock = setUpPageTest();

const tenRows = () =>
  Array.from({ length: 10 }, (_, index) => keywordRow(`口红色号${index + 1}`, { search_index: `${20 - index}.5w` }));

type Handler = (options: { body?: unknown; query?: Record<string, unknown> }) => unknown;

function answer(search: Handler, extra: Record<string, Handler> = {}) {
  answerRequests(requestMock, {
    [KeywordPath.search]: search,
    [KeywordPath.history]: () => [{ type: 'word', logs: [] }],
    [KeywordPath.popular]: () => [],
    [KeywordPath.countries]: () => [
      { country_code: 'US', country_name_cn: '美国', country_translation: 'United States' },
      { country_code: 'JP', country_name_cn: '日本', country_translation: 'Japan' },
    ],
    ...extra,
  });
}

function renderPage(path: string, viewer: Viewer = 'visitor') {
  return renderKeywords(<KeywordLibraryPage />, { path, route: '/:library/:tabVal?/:tabType?', viewer });
}

const searchBodies = () => callsTo(requestMock, KeywordPath.search).map((call) => call.body as SearchKeywordsRequest);
const lastBody = () => searchBodies().at(-1) as SearchKeywordsRequest;

describe('a keyword library page', () => {
  beforeEach(() => {
    requestMock.mockReset();
    sessionStorage.clear();
  });

  it('searches the keyword of the query and shows the rows as given', async () => {
    answer(() => keywordList(tenRows(), { total_record: 61 }));
    renderPage(`/KeywordDouyin/searchWord?keyword=${encodeURIComponent('口红')}`, 'FREE');
    await screen.findByText('20.5w');
    expect(lastBody()).toMatchObject({
      platform: 'DSO',
      keyword: '口红',
      sort: 'search_index',
      order: 'desc',
      page_no: 1,
      page_size: 10,
      history_type: 'word',
    });
    expect(lastBody().country).toBeUndefined();
    expect(screen.getByTestId('result-total').textContent).toBe('共 61 个结果');
    expect(screen.getByTestId('as-of').textContent).toContain('数据更新至 2026-11-20');
    expect(screen.getByText('「口红」的搜索词')).toBeTruthy();
  });

  it('shows a visitor 10 rows and the login prompt for more rankings', async () => {
    answer(() => keywordList(tenRows(), { total_record: 61, data_max: 10 }));
    renderPage(`/KeywordDouyin/searchWord?keyword=${encodeURIComponent('口红')}`);
    await screen.findByText('需要登录才能查看更多排名');
    expect(within(screen.getByTestId('keyword-table')).getAllByRole('row')).toHaveLength(11);
    fireEvent.click(screen.getByRole('button', { name: '马上登录' }));
    expect(useDialogs.getState().open.login).toBe(true);
  });

  it('asks a visitor to log in for the second page', async () => {
    answer(() => keywordList(tenRows(), { total_record: 61, data_max: 10 }));
    renderPage('/KeywordDouyin/searchWord');
    await screen.findByText('20.5w');
    fireEvent.click(screen.getByTitle('2'));
    expect(useDialogs.getState().open.login).toBe(true);
    expect(searchBodies().every((body) => body.page_no === 1)).toBe(true);
  });

  it('pages a FREE user to the grade depth and refuses the page beyond it with the upgrade prompt', async () => {
    answer(({ body }) =>
      keywordList(tenRows(), { total_record: 120, data_max: 50, user_grade: 'FREE', ...(body ? {} : {}) }),
    );
    renderPage(`/KeywordDouyin/searchWord?keyword=${encodeURIComponent('口红')}`, 'FREE');
    await screen.findByText('20.5w');
    fireEvent.click(screen.getByTitle('5'));
    await waitFor(() => expect(lastBody().page_no).toBe(5));
    await screen.findByText('您的免费版会员只能看50条数据，升级会员查看更多');
    fireEvent.click(screen.getByTitle('6'));
    const { open, payload } = useDialogs.getState();
    expect(open.noPermission).toBe(true);
    expect(payload.noPermission).toEqual({ message: '您的免费版会员只能看50条数据，升级会员查看更多', grade: 'VIP' });
    expect(searchBodies().some((body) => body.page_no === 6)).toBe(false);
  });

  it('opens the pay dialog when the day’s searches are used up', async () => {
    const message = '今日次数已用尽，请升级会员版本增加查看次数~';
    answer(() => {
      throw new ApiError(810, message, {
        alias: 'KEYWORD_LIBRARY_SEARCH_COUNT_DAY',
        reason: 'exhausted',
        action: 'pay',
        grade: 'VIP',
      });
    });
    renderPage(`/KeywordDouyin/searchWord?keyword=${encodeURIComponent('口红')}`, 'FREE');
    await screen.findByText(message);
    expect(useDialogs.getState().open.pay).toBe(true);
    expect(useDialogs.getState().payload.pay).toEqual({ grade: 'VIP', message });
  });

  it('shows an estimated total as N+', async () => {
    answer(() => keywordList(tenRows(), { total_record: 10_000, total_estimated: true }));
    renderPage('/KeywordDouyin/searchWord', 'FREE');
    await screen.findByText('20.5w');
    expect(screen.getByTestId('result-total').textContent).toBe('共 1.0w+ 个结果');
    expect(screen.getByText('热门搜索词')).toBeTruthy();
  });

  it('shows exact figures in the same w units as the bands, as the detail page does', async () => {
    answer(() => keywordList([keywordRow('平价口红推荐', { search_index: 123_456, month_cover_count: 3_703_680 })]));
    renderPage('/KeywordDouyin/searchWord', 'VIP');
    await screen.findByText('12.3w');
    expect(screen.getByText('370.4w')).toBeTruthy();
  });

  it('searches commerce words with the commerce filter', async () => {
    answer(() => keywordList(tenRows()));
    renderPage(`/KeywordDouyin/commerce?keyword=${encodeURIComponent('口红')}`, 'FREE');
    await screen.findByText('20.5w');
    expect(lastBody().filters).toEqual({ commerce: true });
    expect(screen.queryByText('只看带货词')).toBeNull();
  });

  it('searches a batch from the query', async () => {
    answer(() => keywordList(tenRows()));
    renderPage(`/KeywordXhs/searchWord?keyword=${encodeURIComponent('口红、粉底')}&batch=1`, 'FREE');
    await screen.findByText('20.5w');
    expect(lastBody()).toMatchObject({ platform: 'RSO', keywords: ['口红', '粉底'], history_type: 'rso_word' });
    expect(lastBody().keyword).toBeUndefined();
    expect((screen.getByTestId('batch-input') as HTMLTextAreaElement).value).toBe('口红\n粉底');
  });

  it('narrows industry words to an industry chosen from the results', async () => {
    answer(({ body }) => {
      const industry = (body as SearchKeywordsRequest).filters?.industry;
      if (industry) return keywordList([keywordRow('连衣裙', { industry })]);
      return keywordList([keywordRow('口红', { industry: '美妆护肤' }), keywordRow('衬衫', { industry: '服饰穿搭' })]);
    });
    renderPage('/KeywordDouyin/industryWord', 'FREE');
    const chips = await screen.findByTestId('industry-chips');
    fireEvent.click(within(chips).getByText('服饰穿搭'));
    await screen.findByText('连衣裙');
    expect(lastBody().filters).toEqual({ industry: '服饰穿搭' });
    expect(within(screen.getByTestId('industry-chips')).getByText('美妆护肤')).toBeTruthy();
  });

  it('sorts through the server and starts again on the first page', async () => {
    answer(() => keywordList(tenRows(), { total_record: 30, data_max: 50 }));
    renderPage('/KeywordDouyin/searchWord', 'FREE');
    await screen.findByText('20.5w');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lastBody().page_no).toBe(2));
    const header = screen.getAllByRole('columnheader').find((th) => th.textContent?.includes('月覆盖量'));
    fireEvent.click(header as HTMLElement);
    await waitFor(() => expect(lastBody()).toMatchObject({ sort: 'month_cover_count', order: 'desc', page_no: 1 }));
  });

  it('filters by competition stars and search index', async () => {
    answer(() => keywordList(tenRows()));
    renderPage('/KeywordDouyin/searchWord', 'FREE');
    await screen.findByText('20.5w');
    const filters = screen.getByTestId('keyword-filters');
    fireEvent.click(within(filters).getByRole('button', { name: /^1/ }));
    fireEvent.click(within(filters).getByRole('button', { name: /^2/ }));
    fireEvent.change(within(filters).getByLabelText('搜索指数最小值'), { target: { value: '1000' } });
    fireEvent.click(within(filters).getByRole('button', { name: /筛\s*选/ }));
    await waitFor(() => expect(lastBody().filters).toEqual({ index_min: 1000, competition: [1, 2] }));
    fireEvent.click(within(filters).getByRole('button', { name: /重\s*置/ }));
    // Back to the unfiltered search, which is still cached: the bar clears and nothing is asked again.
    await waitFor(() =>
      expect(within(filters).getByRole('button', { name: /^1/ }).getAttribute('aria-pressed')).toBe('false'),
    );
    expect((within(filters).getByLabelText('搜索指数最小值') as HTMLInputElement).value).toBe('');
  });

  it('shows the demo banner to FREE users and not to paid members', async () => {
    answer(() => keywordList(tenRows()));
    const { unmount } = renderPage('/KeywordDouyin/searchWord', 'FREE');
    await screen.findByText('20.5w');
    expect(screen.getByText('当前为示例数据，想要查看更多数据可选择升级会员')).toBeTruthy();
    unmount();
    renderPage('/KeywordDouyin/searchWord', 'SVIP');
    await screen.findByText('20.5w');
    expect(screen.queryByText('当前为示例数据，想要查看更多数据可选择升级会员')).toBeNull();
  });

  it('marks the rows a search found by industry or synonym, not the literal ones', async () => {
    answer(() =>
      keywordList([
        keywordRow('母婴用品'),
        keywordRow('奶粉推荐', { industry: '母婴亲子', match: 'industry' }),
        keywordRow('婴儿车推荐', { industry: '母婴亲子', match: 'synonym' }),
      ]),
    );
    renderPage(`/KeywordDouyin/searchWord?keyword=${encodeURIComponent('母婴')}`, 'FREE');
    await screen.findByText('奶粉推荐');
    // The searched word is coloured apart inside a literal keyword: find rows by their whole text.
    const rowOf = (keyword: string) => screen.getAllByRole('row').find((row) => row.textContent?.includes(keyword))!;
    expect(within(rowOf('奶粉推荐')).getByText('行业词')).toBeTruthy();
    expect(within(rowOf('婴儿车推荐')).getByText('近义词')).toBeTruthy();
    expect(within(rowOf('母婴用品')).queryByText(/行业词|近义词/)).toBeNull();
  });

  it('links each keyword to its detail page', async () => {
    answer(() => keywordList([keywordRow('平价口红')]));
    renderPage('/KeywordXhs/searchWord', 'FREE');
    const link = (await screen.findByText('平价口红')).closest('a');
    expect(link?.getAttribute('href')).toBe(`/RsoKeyWordDetail?keyword=${encodeURIComponent('平价口红')}`);
  });

  it('searches the overseas library in the country of the query, else the US', async () => {
    answer(() => keywordList([keywordRow('skincare', { platform: 'TSO', country: 'JP' })]));
    const { unmount } = renderPage('/KeywordTSO/searchWord?country=JP', 'FREE');
    await screen.findByText('skincare');
    expect(lastBody()).toMatchObject({ platform: 'TSO', country: 'JP' });
    unmount();
    requestMock.mockClear();
    renderPage('/KeywordTSO/searchWord', 'FREE');
    await screen.findByText('skincare');
    expect(lastBody()).toMatchObject({ platform: 'TSO', country: 'US' });
  });

  it('sends an unknown tab to the search words of the library', async () => {
    answer(() => keywordList([]));
    renderPage(`/KeywordBSO/industryWord?keyword=${encodeURIComponent('游戏')}`, 'FREE');
    await waitFor(() =>
      expect(screen.getByTestId('address').textContent).toBe(
        `/KeywordBSO/searchWord?keyword=${encodeURIComponent('游戏')}`,
      ),
    );
  });

  it('puts a new search in the URL, keeping the tab', async () => {
    answer(() => keywordList(tenRows()));
    renderPage('/KeywordDouyin/commerce', 'FREE');
    fireEvent.change(screen.getByTestId('keyword-input'), { target: { value: '粉底' } });
    fireEvent.click(screen.getByTestId('keyword-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('address').textContent).toBe(
        `/KeywordDouyin/commerce?keyword=${encodeURIComponent('粉底')}`,
      ),
    );
    await waitFor(() => expect(lastBody().keyword).toBe('粉底'));
  });

  it('lists drop-down words from the related call', async () => {
    answer(() => keywordList([]), {
      [KeywordDetailPath.related]: () => ({
        ...keywordList([keywordRow('口红推荐平价')], { total_record: 1 }),
        relation: 'sug',
        main_word: null,
      }),
    });
    renderPage(`/KeywordDouyin/sugWord?keyword=${encodeURIComponent('口红')}`, 'FREE');
    await screen.findByText('推荐平价');
    expect(callsTo(requestMock, KeywordDetailPath.related)[0]?.query).toMatchObject({
      platform: 'DSO',
      keyword: '口红',
      relation: 'sug',
      page_no: 1,
      page_size: 10,
    });
    expect(screen.getByText('「口红」的下拉词')).toBeTruthy();
  });

  it('asks for a keyword on the related tabs before calling', async () => {
    answer(() => keywordList([]), { [KeywordDetailPath.related]: () => null });
    renderPage('/KeywordWSO/correlationWord', 'FREE');
    await screen.findByText('输入关键词，查看它的相关词');
    expect(callsTo(requestMock, KeywordDetailPath.related)).toHaveLength(0);
  });

  it('asks a visitor to log in before exporting', async () => {
    answer(() => keywordList(tenRows()));
    renderPage('/KeywordDouyin/searchWord');
    await screen.findByText('20.5w');
    fireEvent.click(screen.getByTestId('export-button'));
    expect(useDialogs.getState().open.login).toBe(true);
  });

  it('turns the server’s refusal of an export into the upgrade dialog', async () => {
    answer(() => keywordList(tenRows()));
    const data = { alias: 'KEYWORD_LIBRARY_EXPORT', reason: 'lacking', action: 'pay', grade: 'VIP' };
    const fetchMock = vi.fn(async () =>
      Response.json({ code: 810, msg: '权限不足，升级会员版本可查看更多数据~', data }),
    );
    vi.stubGlobal('fetch', fetchMock);
    try {
      renderPage(`/KeywordDouyin/searchWord?keyword=${encodeURIComponent('口红')}`, 'FREE');
      await screen.findByText('20.5w');
      fireEvent.click(screen.getByTestId('export-button'));
      await waitFor(() => expect(useDialogs.getState().open.noPermission).toBe(true));
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(useDialogs.getState().payload.noPermission).toEqual({
        message: '权限不足，升级会员版本可查看更多数据~',
        grade: 'VIP',
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows the library tabs of the platform, keeping the search', async () => {
    answer(() => keywordList([]));
    renderPage(`/KeywordBSO/searchWord?keyword=${encodeURIComponent('游戏')}`, 'FREE');
    const tabs = screen.getByTestId('library-tabs');
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['搜索词', '相关词', '下拉词']);
    expect(within(tabs).getByText('下拉词').getAttribute('href')).toBe(
      `/KeywordBSO/sugWord?keyword=${encodeURIComponent('游戏')}`,
    );
  });
});

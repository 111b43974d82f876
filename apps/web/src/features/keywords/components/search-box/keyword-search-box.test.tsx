import { KeywordPath } from '@dso/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spyOnToast } from '../../../../components/testing/toast-spy';
import { request } from '../../../../lib/api/client';
import { answerRequests, callsTo, flush, type RequestMock, renderKeywords, type Viewer } from '../../testing';
import { KeywordSearchBox, type KeywordSearchBoxProps } from './keyword-search-box';

vi.mock('../../../../lib/api/client', () => ({ request: vi.fn() }));
vi.setConfig({ testTimeout: 30_000 });
const requestMock = request as unknown as RequestMock;

const popular = [
  { keyword: '露营装备', search_index: '8.8w' },
  { keyword: '夏季穿搭', search_index: '6.1w' },
];

function answer(extra: Record<string, (options: { query?: Record<string, unknown> }) => unknown> = {}) {
  answerRequests(requestMock, {
    [KeywordPath.history]: () => [{ type: 'word', logs: ['口红', '粉底'] }],
    [KeywordPath.deleteHistory]: () => null,
    [KeywordPath.popular]: () => popular,
    [KeywordPath.suggestions]: ({ query }) => [`${query?.keyword}推荐`, `${query?.keyword}平价`],
    [KeywordPath.rsoSuggestions]: ({ query }) => [`${query?.keyword}笔记`],
    [KeywordPath.bsoSuggestions]: ({ query }) => [`${query?.keyword}视频`],
    [KeywordPath.rootWords]: () => [],
    [KeywordPath.countries]: () => [
      { country_code: 'US', country_name_cn: '美国', country_translation: 'United States' },
      { country_code: 'JP', country_name_cn: '日本', country_translation: 'Japan' },
    ],
    [KeywordPath.randomSeoWords]: () => ['露营灯', '折叠椅'],
    ...extra,
  });
}

function renderBox(props: Partial<KeywordSearchBoxProps> = {}, viewer: Viewer = 'FREE') {
  const onSearch = vi.fn();
  const onHeightChange = vi.fn();
  const utils = renderKeywords(
    <KeywordSearchBox
      platform="DSO"
      historyType="word"
      popularType="word"
      onSearch={onSearch}
      onHeightChange={onHeightChange}
      {...props}
    />,
    { viewer },
  );
  return { ...utils, onSearch, onHeightChange };
}

const keywordInput = () => screen.getByTestId('keyword-input') as HTMLInputElement;
const batchInput = () => screen.getByTestId('batch-input') as HTMLTextAreaElement;
const location = () => screen.getByTestId('address').textContent;
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const switchToBatch = () => fireEvent.click(screen.getByText('批量搜索'));
/** Focuses the single input and lets the search panel's calls answer. */
async function focusKeyword() {
  fireEvent.focus(keywordInput());
  await flush();
}

describe('the keyword search box', () => {
  const toast = spyOnToast();
  beforeEach(() => {
    vi.useFakeTimers();
    requestMock.mockReset();
    answer();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  describe('platform tabs', () => {
    it('lists the five domestic platforms with their daily coverage hints', () => {
      renderBox();
      const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
      expect(tabs).toEqual(['抖音日覆盖30亿', '小红书日覆盖6亿', '微信日覆盖10亿', 'B站日覆盖2亿', '快手日覆盖7亿']);
    });

    it('adds TikTok with its 30亿 hint on the overseas page', () => {
      renderBox({
        platform: 'TSO',
        historyType: 'tso_word',
        popularType: null,
        country: 'US',
        onCountryChange: vi.fn(),
      });
      expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toContain('TikTok日覆盖30亿');
    });

    it('highlights a platform at once and opens its library 300 ms later with the typed keyword', async () => {
      renderBox();
      type(keywordInput(), '露营');
      fireEvent.click(screen.getByRole('tab', { name: /小红书/ }));
      expect(screen.getByRole('tab', { name: /小红书/ }).getAttribute('aria-selected')).toBe('true');
      expect(screen.getByRole('tab', { name: /抖音/ }).getAttribute('aria-selected')).toBe('false');
      await flush(299);
      expect(location()).toBe('/KeywordDouyin/searchWord');
      await flush(1);
      expect(location()).toBe(`/KeywordXhs?keyword=${encodeURIComponent('露营')}`);
    });

    it('goes to the last platform chosen within the 300 ms', async () => {
      renderBox();
      fireEvent.click(screen.getByRole('tab', { name: /小红书/ }));
      await flush(200);
      fireEvent.click(screen.getByRole('tab', { name: /快手/ }));
      await flush(300);
      expect(location()).toBe('/KeywordKSO');
    });

    it('stays when the page’s own platform is chosen again within the 300 ms', async () => {
      renderBox();
      fireEvent.click(screen.getByRole('tab', { name: /小红书/ }));
      await flush(100);
      fireEvent.click(screen.getByRole('tab', { name: /抖音/ }));
      await flush(500);
      expect(location()).toBe('/KeywordDouyin/searchWord');
      expect(screen.getByRole('tab', { name: /抖音/ }).getAttribute('aria-selected')).toBe('true');
    });

    it('keeps a batch when switching platform', async () => {
      renderBox();
      switchToBatch();
      type(batchInput(), '口红\n粉底');
      fireEvent.click(screen.getByRole('tab', { name: /B站/ }));
      await flush(300);
      expect(location()).toBe(`/KeywordBSO?keyword=${encodeURIComponent('口红、粉底')}&batch=1`);
    });
  });

  describe('single and batch', () => {
    it('clears both inputs when switching and reports the box height 241 / 318', () => {
      const { onHeightChange } = renderBox();
      expect(onHeightChange).toHaveBeenLastCalledWith(241);
      type(keywordInput(), '口红');
      switchToBatch();
      expect(onHeightChange).toHaveBeenLastCalledWith(318);
      expect(batchInput().value).toBe('');
      type(batchInput(), '粉底、眼影');
      fireEvent.click(screen.getByText('单个搜索'));
      expect(onHeightChange).toHaveBeenLastCalledWith(241);
      expect(keywordInput().value).toBe('');
      switchToBatch();
      expect(batchInput().value).toBe('');
    });

    it('caps a single keyword at 30 characters', () => {
      renderBox();
      expect(keywordInput().maxLength).toBe(30);
      type(keywordInput(), '长'.repeat(35));
      expect(keywordInput().value).toBe('长'.repeat(30));
    });

    it('counts batch words split on 、 , ， and line breaks against the limit of 5', () => {
      renderBox();
      switchToBatch();
      expect(screen.getByTestId('batch-counter').textContent).toBe('0/5最多5个词');
      type(batchInput(), '口红、粉底,眼影');
      expect(screen.getByTestId('batch-counter').textContent).toBe('3/5最多5个词');
      type(batchInput(), '口红、粉底,眼影，腮红\n唇釉');
      expect(screen.getByTestId('batch-counter').textContent).toBe('5/5最多5个词');
    });

    it('cuts a sixth batch word', () => {
      renderBox();
      switchToBatch();
      type(batchInput(), 'a、b、c、d、e、f');
      expect(batchInput().value).toBe('a、b、c、d、e、');
      expect(screen.getByTestId('batch-counter').textContent).toContain('5/5');
    });

    it('cuts a batch word longer than 30 characters and says so', () => {
      renderBox();
      switchToBatch();
      type(batchInput(), `口红\n${'长'.repeat(31)}`);
      expect(batchInput().value).toBe(`口红\n${'长'.repeat(30)}`);
      expect(toast).toHaveBeenCalledWith('关键词长度不能超过30个字符', 'error');
    });

    it('caps the batch textarea at 150 characters', () => {
      renderBox();
      switchToBatch();
      expect(batchInput().maxLength).toBe(150);
      type(batchInput(), ['甲', '乙', '丙', '丁', '戊'].map((char) => char.repeat(30)).join('\n'));
      expect(Array.from(batchInput().value)).toHaveLength(150);
    });

    it.each([
      { what: 'the single input', batch: false, typed: '  口红  ', trimmed: '口红' },
      { what: 'every batch word', batch: true, typed: ' 口红 、 粉底 \n', trimmed: '口红、粉底' },
    ])('trims $what on blur', ({ batch, typed, trimmed }) => {
      renderBox();
      if (batch) switchToBatch();
      const input = batch ? batchInput : keywordInput;
      fireEvent.focus(input());
      type(input(), typed);
      fireEvent.blur(input());
      expect(input().value).toBe(trimmed);
    });

    it('searches the batch words', () => {
      const { onSearch } = renderBox();
      switchToBatch();
      type(batchInput(), '口红，粉底\n眼影');
      fireEvent.click(screen.getByTestId('keyword-submit'));
      expect(onSearch).toHaveBeenCalledWith({ mode: 'batch', words: ['口红', '粉底', '眼影'] });
    });

    it('searches the single keyword on Enter', async () => {
      const { onSearch } = renderBox();
      type(keywordInput(), '口红');
      fireEvent.keyDown(keywordInput(), { key: 'Enter', code: 'Enter', keyCode: 13 });
      await flush();
      expect(onSearch).toHaveBeenCalledWith({ mode: 'single', words: ['口红'] });
    });
  });

  describe('history and 大家都在搜', () => {
    it('shows the history and 大家都在搜 when the empty input gets focus', async () => {
      renderBox();
      await focusKeyword();
      const history = screen.getByTestId('search-history');
      expect(within(history).getByText('口红')).toBeTruthy();
      expect(callsTo(requestMock, KeywordPath.history)[0]?.query).toEqual({ types: 'word', size: 10 });
      expect(within(screen.getByTestId('popular-keywords')).getByText('露营装备')).toBeTruthy();
      expect(callsTo(requestMock, KeywordPath.popular)[0]?.query).toEqual({ type: 'word' });
    });

    it('does not show the history while something is typed', async () => {
      renderBox();
      type(keywordInput(), '口');
      await focusKeyword();
      expect(screen.queryByTestId('search-history')).toBeNull();
    });

    it('hides the panel 300 ms after the input loses focus', async () => {
      renderBox();
      await focusKeyword();
      fireEvent.blur(keywordInput());
      await flush(299);
      expect(screen.queryByTestId('search-panel')).not.toBeNull();
      await flush(1);
      expect(screen.queryByTestId('search-panel')).toBeNull();
    });

    it('collapses a history beyond 10 items behind 展开更多', async () => {
      const logs = Array.from({ length: 12 }, (_, index) => `历史词${index + 1}`);
      answer({ [KeywordPath.history]: () => [{ type: 'word', logs }] });
      renderBox();
      await focusKeyword();
      const history = () => screen.getByTestId('search-history');
      expect(within(history()).queryByText('历史词10')).not.toBeNull();
      expect(within(history()).queryByText('历史词11')).toBeNull();
      fireEvent.click(screen.getByText('展开更多'));
      expect(within(history()).queryByText('历史词12')).not.toBeNull();
      fireEvent.click(screen.getByText('收起'));
      expect(within(history()).queryByText('历史词11')).toBeNull();
    });

    it('does not collapse a history of 10 items', async () => {
      const logs = Array.from({ length: 10 }, (_, index) => `历史词${index + 1}`);
      answer({ [KeywordPath.history]: () => [{ type: 'word', logs }] });
      renderBox();
      await focusKeyword();
      expect(screen.queryByText('展开更多')).toBeNull();
    });

    it('deletes one history entry', async () => {
      renderBox();
      await focusKeyword();
      answer({ [KeywordPath.history]: () => [{ type: 'word', logs: ['粉底'] }] });
      fireEvent.click(screen.getByRole('button', { name: '删除口红' }));
      await flush();
      expect(callsTo(requestMock, KeywordPath.deleteHistory)[0]).toMatchObject({
        method: 'POST',
        body: { types: ['word'], keyword: '口红' },
      });
      expect(within(screen.getByTestId('search-history')).queryByText('口红')).toBeNull();
    });

    it('clears the whole history', async () => {
      renderBox();
      await focusKeyword();
      answer({ [KeywordPath.history]: () => [{ type: 'word', logs: [] }] });
      fireEvent.click(screen.getByText('清空'));
      await flush();
      expect(callsTo(requestMock, KeywordPath.deleteHistory)[0]?.body).toEqual({ types: ['word'], batch: true });
      expect(screen.queryByTestId('search-history')).toBeNull();
    });

    it('shows visitors 大家都在搜 without asking for a history', async () => {
      renderBox({}, 'visitor');
      await focusKeyword();
      expect(screen.queryByTestId('search-history')).toBeNull();
      expect(screen.getByTestId('popular-keywords')).toBeTruthy();
      expect(callsTo(requestMock, KeywordPath.history)).toHaveLength(0);
    });

    it('searches a word picked from 大家都在搜', async () => {
      const { onSearch } = renderBox();
      await focusKeyword();
      fireEvent.click(screen.getByText('夏季穿搭'));
      await flush();
      expect(onSearch).toHaveBeenCalledWith({ mode: 'single', words: ['夏季穿搭'] });
    });

    it('adds a picked word to the batch instead of searching', async () => {
      const { onSearch } = renderBox();
      switchToBatch();
      fireEvent.focus(batchInput());
      await flush();
      fireEvent.click(within(screen.getByTestId('search-history')).getByText('粉底'));
      fireEvent.click(screen.getByText('露营装备'));
      expect(batchInput().value).toBe('粉底\n露营装备');
      expect(onSearch).not.toHaveBeenCalled();
    });
  });

  describe('suggestions', () => {
    it('asks for suggestions at most once a second, with the latest text', async () => {
      renderBox();
      fireEvent.focus(keywordInput());
      type(keywordInput(), '口');
      await flush();
      expect(callsTo(requestMock, KeywordPath.suggestions).map((call) => call.query?.keyword)).toEqual(['口']);
      await flush(300);
      type(keywordInput(), '口红');
      await flush(300);
      type(keywordInput(), '口红平');
      await flush(300);
      expect(callsTo(requestMock, KeywordPath.suggestions)).toHaveLength(1);
      await flush(100);
      await flush();
      expect(callsTo(requestMock, KeywordPath.suggestions).map((call) => call.query?.keyword)).toEqual([
        '口',
        '口红平',
      ]);
      expect(within(screen.getByTestId('search-suggestions')).getByText('推荐')).toBeTruthy();
    });

    it('searches a picked suggestion', async () => {
      const { onSearch } = renderBox();
      fireEvent.focus(keywordInput());
      type(keywordInput(), '口红');
      await flush();
      fireEvent.click(within(screen.getByTestId('search-suggestions')).getAllByRole('button')[0] as HTMLElement);
      await flush();
      expect(onSearch).toHaveBeenCalledWith({ mode: 'single', words: ['口红推荐'] });
    });

    it('uses the RSO and BSO suggestion calls on those libraries', async () => {
      renderBox({ platform: 'RSO', historyType: 'rso_word', popularType: 'rso_word' });
      fireEvent.focus(keywordInput());
      type(keywordInput(), '穿搭');
      await flush();
      expect(callsTo(requestMock, KeywordPath.rsoSuggestions)).toHaveLength(1);
      expect(screen.getByText('笔记')).toBeTruthy();
    });

    it('asks for no suggestions on WeChat, which has no suggestion call', async () => {
      renderBox({ platform: 'WSO', historyType: 'wso_word', popularType: 'wso_word' });
      fireEvent.focus(keywordInput());
      type(keywordInput(), '穿搭');
      await flush(1000);
      const suggestionCalls = requestMock.mock.calls.filter(([path]) => String(path).endsWith('sug'));
      expect(suggestionCalls).toHaveLength(0);
    });
  });

  describe('root words', () => {
    const roots = [
      { word: '露营装备', search_index: '3.2w', competition: 2, match_count: 120, match_estimated: false },
      { word: '露营', search_index: '45.1w', competition: 4, match_count: 860, match_estimated: false },
    ];

    it('offers the root words of a long keyword before searching it', async () => {
      answer({ [KeywordPath.rootWords]: () => roots });
      const { onSearch } = renderBox();
      type(keywordInput(), '夏季露营装备推荐清单');
      fireEvent.click(screen.getByTestId('keyword-submit'));
      await flush();
      expect(callsTo(requestMock, KeywordPath.rootWords)[0]?.query).toEqual({
        keyword: '夏季露营装备推荐清单',
        platform: 'DSO',
      });
      expect(onSearch).not.toHaveBeenCalled();
      fireEvent.click(within(screen.getByTestId('root-words')).getByText('露营'));
      expect(onSearch).toHaveBeenCalledWith({ mode: 'single', words: ['露营'] });
    });

    it('searches the long keyword as typed when asked to', async () => {
      answer({ [KeywordPath.rootWords]: () => roots });
      const { onSearch } = renderBox();
      type(keywordInput(), '夏季露营装备推荐清单');
      fireEvent.click(screen.getByTestId('keyword-submit'));
      await flush();
      fireEvent.click(screen.getByTestId('root-keep'));
      expect(onSearch).toHaveBeenCalledWith({ mode: 'single', words: ['夏季露营装备推荐清单'] });
    });

    it('searches a long keyword straight away when it has no other root words', async () => {
      answer({
        [KeywordPath.rootWords]: () => [
          {
            word: '夏季露营装备推荐清单',
            search_index: null,
            competition: null,
            match_count: 0,
            match_estimated: false,
          },
        ],
      });
      const { onSearch } = renderBox();
      type(keywordInput(), '夏季露营装备推荐清单');
      fireEvent.click(screen.getByTestId('keyword-submit'));
      await flush();
      expect(onSearch).toHaveBeenCalledWith({ mode: 'single', words: ['夏季露营装备推荐清单'] });
    });

    it('does not ask about a keyword shorter than 8 characters', async () => {
      const { onSearch } = renderBox();
      type(keywordInput(), '露营装备推荐');
      fireEvent.click(screen.getByTestId('keyword-submit'));
      await flush();
      expect(callsTo(requestMock, KeywordPath.rootWords)).toHaveLength(0);
      expect(onSearch).toHaveBeenCalledWith({ mode: 'single', words: ['露营装备推荐'] });
    });
  });

  describe('the SEO page variant', () => {
    it('warns 请输入关键词 on an empty search', async () => {
      const { onSearch } = renderBox({ variant: 'seo', historyType: 'seo_word', popularType: 'relation' });
      fireEvent.click(screen.getByTestId('keyword-submit'));
      await flush();
      expect(toast).toHaveBeenCalledWith('请输入关键词', 'warning');
      expect(onSearch).not.toHaveBeenCalled();
    });

    it('offers random keywords to try and searches one', async () => {
      const { onSearch } = renderBox({ variant: 'seo', historyType: 'seo_word', popularType: 'relation' });
      await flush();
      fireEvent.click(within(screen.getByTestId('random-tries')).getByText('折叠椅'));
      await flush();
      expect(onSearch).toHaveBeenCalledWith({ mode: 'single', words: ['折叠椅'] });
    });

    it('shows no platform tabs and no batch mode', () => {
      renderBox({ variant: 'seo', historyType: 'seo_word', popularType: 'relation' });
      expect(screen.queryAllByRole('tab')).toHaveLength(0);
      expect(screen.queryByText('批量搜索')).toBeNull();
    });

    it('lets a library search without a keyword list its top words', async () => {
      const { onSearch } = renderBox();
      fireEvent.click(screen.getByTestId('keyword-submit'));
      await flush();
      expect(onSearch).toHaveBeenCalledWith({ mode: 'single', words: [] });
      expect(toast).not.toHaveBeenCalled();
    });
  });

  describe('the overseas country', () => {
    it('shows the chosen country and offers the countries of the list', async () => {
      const onCountryChange = vi.fn();
      renderBox({ platform: 'TSO', historyType: 'tso_word', popularType: null, country: 'JP', onCountryChange });
      await flush();
      const select = screen.getByTestId('country-select');
      expect(within(select).getByText('日本')).toBeTruthy();
      expect(callsTo(requestMock, KeywordPath.countries)).toHaveLength(1);
      fireEvent.mouseDown(within(select).getByRole('combobox'));
      await flush();
      fireEvent.click(screen.getByText('美国'));
      expect(onCountryChange).toHaveBeenCalledWith('US');
    });
  });
});

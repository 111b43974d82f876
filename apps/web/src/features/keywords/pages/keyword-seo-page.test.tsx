import { KeywordPath } from '@dso/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchKeywordsRequest } from '../api/search-keywords';
import { answerRequests, callsTo, keywordList, keywordRow, renderKeywords, setUpPageTest } from '../testing';
import KeywordSeoPage from './keyword-seo-page';

vi.mock('../../../lib/api/client', () => ({ request: vi.fn() }));
const requestMock = setUpPageTest();

describe('AI keyword selection', () => {
  beforeEach(() => {
    requestMock.mockReset();
    answerRequests(requestMock, {
      [KeywordPath.search]: () => keywordList([keywordRow('露营灯推荐', { blue_ocean: true })]),
      [KeywordPath.randomSeoWords]: () => ['折叠椅', '露营灯'],
      [KeywordPath.popular]: () => [],
      [KeywordPath.history]: () => [{ type: 'seo_word', logs: [] }],
    });
  });

  it('picks the blue-ocean words of the keyword', async () => {
    renderKeywords(<KeywordSeoPage />, { path: `/keyWordSeo?keyword=${encodeURIComponent('露营')}`, viewer: 'FREE' });
    await screen.findByText('为「露营」挑选的蓝海词');
    await screen.findByText('灯推荐');
    const body = callsTo(requestMock, KeywordPath.search).at(-1)?.body as SearchKeywordsRequest;
    expect(body).toMatchObject({
      platform: 'DSO',
      keyword: '露营',
      filters: { blue_ocean: true },
      history_type: 'seo_word',
    });
    expect(within(screen.getByTestId('keyword-filters')).queryByText('只看蓝海词')).toBeNull();
  });

  it('recommends the best blue-ocean words before anything is typed, with words to try', async () => {
    renderKeywords(<KeywordSeoPage />, { path: '/keyWordSeo' });
    await screen.findByText('今日推荐蓝海词');
    await screen.findByText('露营灯推荐');
    expect(within(screen.getByTestId('random-tries')).getByText('折叠椅')).toBeTruthy();
    const body = callsTo(requestMock, KeywordPath.search).at(-1)?.body as SearchKeywordsRequest;
    expect(body.keyword).toBe('');
    expect(body.history_type).toBeUndefined();
  });
});

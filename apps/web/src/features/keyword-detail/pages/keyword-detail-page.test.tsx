import { KeywordDetailPath } from '@dso/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_TEST_TIMEOUT, renderPage } from '../../../components/testing/render-route';
import { keywordDetailFixture } from '../fixtures';
import { keywordRow } from '../testing';

const request = vi.fn();
vi.mock('../../../lib/api/client', () => ({ request: (...args: unknown[]) => request(...args) }));
vi.mock('../../../lib/charts/e-chart', async () => (await import('../chart-stub')).chartStubModule);

const { default: KeywordDetailPage } = await import('./keyword-detail-page');

const detailQueries = () =>
  request.mock.calls
    .filter(([path]) => path === KeywordDetailPath.detail)
    .map(([, options]) => (options as { query: Record<string, unknown> }).query);

function open(path: string, url: string) {
  renderPage(<KeywordDetailPage />, { path, url });
}

beforeEach(() => {
  request.mockReset();
  request.mockImplementation(async (_path: string, options: { query: { platform: string; keyword: string } }) =>
    keywordDetailFixture({
      keyword: keywordRow({ keyword: options.query.keyword, platform: options.query.platform as 'DSO' }),
    }),
  );
});

describe('KeywordDetailPage', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('reads the library from the route: /RsoKeyWordDetail is the RSO library', async () => {
    open('/RsoKeyWordDetail/:tabVal?', '/RsoKeyWordDetail?keyword=%E9%9C%B2%E8%90%A5');
    await waitFor(() => expect(detailQueries()[0]).toEqual({ platform: 'RSO', keyword: '露营', country: undefined }));
  });

  it('asks TSO for the country of the address, US when none is given', async () => {
    open('/TsoKeyWordDetail/:tabVal?', '/TsoKeyWordDetail?keyword=camping');
    await waitFor(() => expect(detailQueries()[0]).toEqual({ platform: 'TSO', keyword: 'camping', country: 'US' }));
  });

  it('opens the tab the address names', async () => {
    open('/keyWordDetail/:tabVal?', '/keyWordDetail/competeAnalyze?keyword=%E9%9C%B2%E8%90%A5');
    expect(await screen.findByTestId('compete-tab')).toBeTruthy();
  });

  it('opens the overview for an unknown tab', async () => {
    open('/keyWordDetail/:tabVal?', '/keyWordDetail/nonsense?keyword=%E9%9C%B2%E8%90%A5');
    expect(await screen.findByTestId('overview-tab')).toBeTruthy();
  });

  it('says the link is broken without a keyword and asks for nothing', () => {
    open('/keyWordDetail/:tabVal?', '/keyWordDetail');
    expect(screen.getByText('链接丢失啦，请稍后再试~')).toBeTruthy();
    expect(request).not.toHaveBeenCalled();
  });
});

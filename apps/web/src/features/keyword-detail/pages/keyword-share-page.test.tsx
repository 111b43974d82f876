import { KeywordDetailPath, KeywordPath } from '@dso/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_TEST_TIMEOUT, renderPage } from '../../../components/testing/render-route';
import { useDialogs } from '../../../stores/dialogs';
import { keywordDetailFixture } from '../fixtures';
import { keywordRow } from '../testing';

const request = vi.fn();
vi.mock('../../../lib/api/client', () => ({ request: (...args: unknown[]) => request(...args) }));
vi.mock('../../../lib/charts/e-chart', async () => (await import('../chart-stub')).chartStubModule);

const { default: KeywordSharePage } = await import('./keyword-share-page');

beforeEach(() => {
  request.mockReset();
  request.mockImplementation(async (path: string) => {
    if (path === KeywordPath.search) {
      return {
        total_record: 2,
        total_estimated: false,
        data_max: 10,
        user_grade: 'FREE',
        result: [
          keywordRow({ id: 2, keyword: '露营装备清单', platform: 'RSO' }),
          keywordRow({ keyword: '露营装备', platform: 'RSO', search_index: '12.3w' }),
        ],
      };
    }
    if (path === KeywordDetailPath.detail) return keywordDetailFixture();
    throw new Error(`unexpected call ${path}`);
  });
});

const renderShare = (viewer: 'visitor' | 'VIP') =>
  renderPage(<KeywordSharePage />, { url: '/keyWordShareDetail?keyword=露营装备&platform=rso', viewer });

describe('KeywordSharePage', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('shows a visitor the shared word’s figures and asks them to log in for the rest', async () => {
    renderShare('visitor');
    expect(await screen.findByRole('heading', { name: '露营装备' })).toBeTruthy();
    expect(request).toHaveBeenCalledWith(
      KeywordPath.search,
      expect.objectContaining({
        method: 'POST',
        body: expect.objectContaining({ platform: 'RSO', keyword: '露营装备' }),
      }),
    );
    expect(request).not.toHaveBeenCalledWith(KeywordDetailPath.detail, expect.anything());
    expect(within(screen.getByTestId('keyword-figures')).getByText('12.3w')).toBeTruthy();
    const prompt = screen.getByTestId('share-login-prompt');
    fireEvent.click(within(prompt).getByRole('button', { name: '马上登录' }));
    expect(useDialogs.getState().open.login).toBe(true);
  });

  it('shows a signed-in reader the overview with a way to the full detail', async () => {
    renderShare('VIP');
    expect(await screen.findByTestId('trend-chart')).toBeTruthy();
    expect(screen.getByTestId('platform-comparison')).toBeTruthy();
    const link = screen.getByText('查看完整详情').closest('a');
    expect(decodeURIComponent(link?.getAttribute('href') ?? '')).toBe(
      '/RsoKeyWordDetail/competeAnalyze?keyword=露营装备',
    );
  });

  it('says the link is broken without a keyword', () => {
    renderPage(<KeywordSharePage />, { url: '/keyWordShareDetail', viewer: 'visitor' });
    expect(screen.getByText('链接丢失啦，请稍后再试~')).toBeTruthy();
  });
});

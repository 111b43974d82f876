import { type KeywordRankList, VideoPath } from '@dso/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_TEST_TIMEOUT, renderPage } from '../../../components/testing/render-route';
import { useDialogs } from '../../../stores/dialogs';
import { videoRow } from '../../videos/testing';

const request = vi.fn();
vi.mock('../../../lib/api/client', () => ({ request: (...args: unknown[]) => request(...args) }));

const { default: KeywordRankPage } = await import('./keyword-rank-page');

type RankQuery = { keyword: string; date?: string; page_no: number; page_size: number };

/** `total` ranked works of a keyword, the given day or 2026-11-20. */
function serve(total = 25) {
  request.mockImplementation(async (path: string, options: { query: RankQuery }) => {
    if (path !== VideoPath.keywordRank) throw new Error(`unexpected call ${path}`);
    const { page_no: page, page_size: size, keyword, date } = options.query;
    const result: KeywordRankList['result'] = [];
    for (let rank = (page - 1) * size + 1; rank <= Math.min(page * size, total); rank++) {
      result.push({ ...videoRow({ video_id: `r${rank}`, video_desc: `${keyword}作品${rank}` }), rank });
    }
    return {
      total_record: total,
      total_estimated: false,
      data_max: 300,
      user_grade: 'VIP',
      keyword,
      as_of: total === 0 ? null : (date ?? '2026-11-20'),
      result,
    } satisfies KeywordRankList;
  });
}

const calls = () =>
  request.mock.calls
    .filter(([path]) => path === VideoPath.keywordRank)
    .map(([, options]) => options.query as RankQuery);
const location = () => decodeURIComponent(screen.getByTestId('address').textContent ?? '');
const renderRank = (url: string) => renderPage(<KeywordRankPage />, { path: '/DouyinKeywordSearchRank', url });

beforeEach(() => {
  request.mockReset();
});

describe('KeywordRankPage', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it("lets the day be chosen up to today in Shanghai, whatever the browser's zone", async () => {
    // 00:30 on 25 November in Shanghai, still the 24th in UTC.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-24T16:30:00Z') });
    try {
      serve();
      renderRank(`/DouyinKeywordSearchRank?keyword=${encodeURIComponent('露营装备')}`);
      fireEvent.click(screen.getByLabelText('排名日期'));
      const cell = (day: string) =>
        waitFor(() => {
          const found = document.querySelector(`td[title="${day}"]`);
          if (!found) throw new Error(`no cell for ${day}`);
          return found;
        });
      expect((await cell('2026-11-25')).className).not.toContain('ant-picker-cell-disabled');
      expect((await cell('2026-11-26')).className).toContain('ant-picker-cell-disabled');
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for a keyword before anything else', () => {
    serve();
    renderRank('/DouyinKeywordSearchRank');
    expect(screen.getByText('输入关键词，查看该词搜索结果中排名靠前的作品')).toBeTruthy();
    expect(calls()).toEqual([]);
  });

  it('lists a keyword’s ranked works of the latest day by place, links to its detail and loads more on click', async () => {
    serve(25);
    renderRank(`/DouyinKeywordSearchRank?keyword=${encodeURIComponent('露营装备')}`);
    const cards = await screen.findAllByTestId('video-card');
    expect(cards).toHaveLength(20);
    expect(within(cards[0]!).getByText('第1名')).toBeTruthy();
    expect(within(cards[0]!).getByText('露营装备作品1')).toBeTruthy();
    expect(screen.getByText(/排名日期 2026-11-20/)).toBeTruthy();
    expect(calls()[0]).toEqual({ keyword: '露营装备', date: undefined, page_no: 1, page_size: 20 });
    expect(screen.getByRole('link', { name: /查看关键词详情/ }).getAttribute('href')).toBe(
      `/keyWordDetail?keyword=${encodeURIComponent('露营装备')}`,
    );

    fireEvent.click(screen.getByRole('button', { name: '点击加载更多' }));
    await waitFor(() => expect(screen.getAllByTestId('video-card')).toHaveLength(25));
    expect(await screen.findByText('~没有更多了~')).toBeTruthy();

    fireEvent.click(within(screen.getAllByTestId('video-card')[24]!).getByRole('button', { name: /查看视频详情/ }));
    expect(useDialogs.getState().payload.video).toEqual({ id: 'r25' });
  });

  it('reads the day from the address and says when the keyword has no ranked works', async () => {
    serve(0);
    renderRank(`/DouyinKeywordSearchRank?keyword=${encodeURIComponent('冷门词')}&date=2026-11-18`);
    expect(await screen.findByText('“冷门词”在2026-11-18暂无排名作品')).toBeTruthy();
    expect(calls()[0]).toMatchObject({ keyword: '冷门词', date: '2026-11-18' });
  });

  it('searches another keyword from the box, refusing an empty one', async () => {
    serve();
    renderRank(`/DouyinKeywordSearchRank?keyword=${encodeURIComponent('露营装备')}`);
    await screen.findAllByTestId('video-card');
    const input = screen.getByLabelText('请输入关键词');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: '查询排名' }));
    expect(location()).toBe('/DouyinKeywordSearchRank?keyword=露营装备');
    expect(calls()).toHaveLength(1);
    fireEvent.change(input, { target: { value: '帐篷' } });
    fireEvent.click(screen.getByRole('button', { name: '查询排名' }));
    await waitFor(() => expect(calls().at(-1)).toMatchObject({ keyword: '帐篷' }));
  });
});

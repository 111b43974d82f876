import {
  Code,
  type CompetitorList,
  CreatorPath,
  KeywordDetailPath,
  type KeywordRankList,
  VideoPath,
} from '@dso/contract';
import { axisMax } from '@dso/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_TEST_TIMEOUT, renderPage } from '../../../components/testing/render-route';
import { ApiError } from '../../../lib/api/errors';
import { useDialogs } from '../../../stores/dialogs';
import { creatorRow } from '../../creators/testing';
import { videoRow } from '../../videos/testing';
import { drawnOptions } from '../chart-stub';
import { keywordDetailFixture } from '../fixtures';

const request = vi.fn();
vi.mock('../../../lib/api/client', () => ({ request: (...args: unknown[]) => request(...args) }));
vi.mock('../../../lib/charts/e-chart', async () => (await import('../chart-stub')).chartStubModule);

const { KeywordDetailView } = await import('./keyword-detail-view');

const ref = { platform: 'DSO' as const, keyword: '露营装备' };

function answerDetail(detail = keywordDetailFixture()) {
  request.mockImplementation(async (path: string) => {
    if (path === KeywordDetailPath.detail) return detail;
    if (path === VideoPath.keywordRank) return rankedWorks;
    if (path === CreatorPath.competitors) return keywordCreators;
    throw new Error(`unexpected call ${path}`);
  });
}

/** The keyword's ranked works: the section under the figures shows them. */
const rankedWorks: KeywordRankList = {
  total_record: 1,
  total_estimated: false,
  data_max: 30,
  user_grade: 'FREE',
  keyword: '露营装备',
  as_of: '2026-11-20',
  result: [
    {
      ...videoRow({
        video_id: '7300000000000000900',
        video_desc: '露营装备清单分享',
        share_url: '',
        duration: 30_000,
        video_score: 80,
        good_count: 1_000,
        comment_count: 10,
        share_count: 1,
        collect_count: 5,
        user_id: 'u900',
        user_nick_name: '露营的小周',
        total_follower_count: 9_000,
      }),
      rank: 1,
    },
  ],
};

/** The creators behind the keyword: the section under the ranked works shows them. */
const keywordCreators: CompetitorList = {
  total_record: 1,
  total_estimated: false,
  data_max: 30,
  user_grade: 'FREE',
  result: [
    {
      ...creatorRow({
        user_id: 'u900',
        unique_id: 'xiaozhou',
        nick_name: '露营的小周',
        field: '旅游出行',
        province: '浙江',
        city: '杭州',
        verified: false,
        total_follower_count: 9_000,
        follower_growth_30d: 120,
        total_favorited: 80_000,
        aweme_count: 40,
        size_class: { code: 'tail', label: '尾部达人' },
        sales_class: { code: 'tail', label: '尾部' },
      }),
      reasons: ['作品覆盖关键词「露营装备」：1个作品'],
    },
  ],
};

const location = () => decodeURIComponent(screen.getByTestId('address').textContent ?? '');

/** Where the section's link of that name leads. */
const hrefIn = (section: HTMLElement, name: RegExp) => within(section).getByRole('link', { name }).getAttribute('href');

/** Asserts one call to the path whose query holds these fields. */
const expectAsked = (path: string, query: Record<string, unknown>) =>
  expect(request).toHaveBeenCalledWith(path, expect.objectContaining({ query: expect.objectContaining(query) }));

beforeEach(() => {
  request.mockReset();
  drawnOptions.clear();
});

describe('KeywordDetailView', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('shows no ranked works for a library without videos', async () => {
    answerDetail();
    renderPage(<KeywordDetailView keywordRef={{ platform: 'RSO', keyword: '露营装备' }} tab="overview" />);
    await screen.findByRole('heading', { name: '露营装备' });
    expect(screen.queryByTestId('keyword-ranked-videos')).toBeNull();
    expect(request).not.toHaveBeenCalledWith(VideoPath.keywordRank, expect.anything());
  });

  it('shows the works ranked under a DSO keyword with a link to all of them', async () => {
    answerDetail();
    renderPage(<KeywordDetailView keywordRef={ref} tab="overview" />);
    const section = await screen.findByTestId('keyword-ranked-videos');
    expect(await within(section).findByText('露营装备清单分享')).toBeTruthy();
    expect(within(section).getByText('第1名')).toBeTruthy();
    expect(within(section).getByText(/排名日期 2026-11-20/)).toBeTruthy();
    expect(hrefIn(section, /查看全部排名作品/)).toBe(
      `/DouyinKeywordSearchRank?keyword=${encodeURIComponent('露营装备')}`,
    );
    expectAsked(VideoPath.keywordRank, { keyword: '露营装备', page_size: 10 });
  });

  it('shows the creators behind a DSO keyword with a link to all its benchmark accounts', async () => {
    answerDetail();
    renderPage(<KeywordDetailView keywordRef={ref} tab="overview" />);
    const section = await screen.findByTestId('keyword-creators');
    const creator = await within(section).findByRole('link', { name: /露营的小周/ });
    expect(creator.getAttribute('href')).toBe('/person/detail/u900');
    expect(creator.textContent).toContain('作品覆盖关键词「露营装备」：1个作品');
    expect(hrefIn(section, /查看全部对标账号/)).toBe(`/Competitors?keyword=${encodeURIComponent('露营装备')}`);
    expectAsked(CreatorPath.competitors, { keyword: '露营装备', page_no: 1 });
  });

  it('names a hot board as the source of a word first found on one', async () => {
    answerDetail(keywordDetailFixture({ source: 'douyin' }));
    renderPage(<KeywordDetailView keywordRef={ref} tab="overview" />);
    expect((await screen.findByTestId('keyword-source')).textContent).toBe(
      '数据来源：抖音开放平台热榜 · 截至 2026-11-20',
    );
  });

  it('asks for the keyword of its library and shows its figures with the date they are as of', async () => {
    answerDetail();
    renderPage(<KeywordDetailView keywordRef={ref} tab="overview" />);
    expect(await screen.findByRole('heading', { name: '露营装备' })).toBeTruthy();
    expect(request).toHaveBeenCalledWith(
      KeywordDetailPath.detail,
      expect.objectContaining({
        query: { platform: 'DSO', keyword: '露营装备', country: undefined },
      }),
    );
    const figures = screen.getByTestId('keyword-figures');
    expect(within(figures).getByText('12.3w')).toBeTruthy();
    expect(within(figures).getByText('890.0w')).toBeTruthy();
    expect(within(figures).getByText('12.50%')).toBeTruthy();
    // Each card's note, and the line naming the source.
    expect(within(figures).getAllByText(/截至 2026-11-20/)).toHaveLength(6);
    expect(screen.getByTestId('keyword-source').textContent).toBe('数据来源：导入数据 · 截至 2026-11-20');
    expect(within(figures).getByLabelText('搜索指数说明')).toBeTruthy();
    expect(within(figures).getByRole('img', { name: '竞争度中，3颗星' })).toBeTruthy();
    expect(screen.getByTestId('detail-views-left').textContent).toContain('今日剩余查看 47 次');
  });

  it('draws the daily trend with the value axis ending at the domain maximum', async () => {
    const detail = keywordDetailFixture();
    answerDetail(detail);
    renderPage(<KeywordDetailView keywordRef={ref} tab="overview" />);
    await screen.findByTestId('trend-chart');
    const option = drawnOptions.get('trend-chart') as {
      yAxis: { max: number; splitNumber: number };
      xAxis: { data: string[] };
    };
    // Both indexes are drawn, so the axis ends above the larger of them (the overall index).
    expect(option.yAxis.max).toBe(axisMax(detail.trend!.points.flatMap((point) => [point.value, point.overall ?? 0])));
    expect(option.yAxis.splitNumber).toBe(5);
    expect(option.xAxis.data[0]).toBe('10-22');
    expect(option.xAxis.data).toHaveLength(30);
    expect(screen.getByText('2026-10-22 至 2026-11-20')).toBeTruthy();
  });

  it('says the data is too thin when there is no daily series', async () => {
    answerDetail(keywordDetailFixture({ trend: null }));
    renderPage(<KeywordDetailView keywordRef={ref} tab="overview" />);
    expect(await screen.findByText('数据较少，暂时无法分析')).toBeTruthy();
    expect(screen.queryByTestId('trend-chart')).toBeNull();
  });

  it('puts the word on every platform side by side with a way to each library', async () => {
    answerDetail();
    renderPage(<KeywordDetailView keywordRef={ref} tab="overview" />);
    const table = await screen.findByTestId('platform-comparison');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('当前')).toBeTruthy();
    const rso = within(rows[1]!).getByRole('link', { name: '查看详情' });
    expect(decodeURIComponent(rso.getAttribute('href') ?? '')).toBe('/RsoKeyWordDetail?keyword=露营装备');
    expect(within(rows[2]!).getByText('未收录')).toBeTruthy();
  });

  it('keeps the tab in the address', async () => {
    answerDetail();
    renderPage(<KeywordDetailView keywordRef={ref} tab="overview" />, { url: '/keyWordDetail?keyword=露营装备' });
    fireEvent.click(await screen.findByRole('tab', { name: '竞争分析' }));
    expect(location()).toBe('/keyWordDetail/competeAnalyze?keyword=露营装备');
  });

  it('advises from the competition analysis and opens it in a new tab (000 §2.3)', async () => {
    answerDetail();
    renderPage(<KeywordDetailView keywordRef={ref} tab="overview" />, { url: '/keyWordDetail?keyword=露营装备' });
    const advice = await screen.findByTestId('keyword-advice');
    expect(advice.textContent).toContain('竞争中等，建议做差异化内容');
    expect(advice.textContent).toContain('查看竞争分析');
    expect(advice.tagName).toBe('A');
    expect(decodeURIComponent(advice.getAttribute('href') ?? '')).toBe(
      '/keyWordDetail/competeAnalyze?keyword=露营装备',
    );
    expect(advice.getAttribute('target')).toBe('_blank');
    expect(advice.getAttribute('rel')).toContain('noopener');
  });

  it('opens the pay dialog once and explains when today’s detail views are used up', async () => {
    const message = '今日次数已用尽，请升级会员版本增加查看次数~';
    request.mockRejectedValue(
      new ApiError(Code.NEEDS_UPGRADE, message, {
        alias: 'KEYWORD_LIBRARY_DETAIL_COUNT_DAY',
        reason: 'exhausted',
        action: 'pay',
        grade: 'SVIP',
      }),
    );
    renderPage(<KeywordDetailView keywordRef={ref} tab="overview" />);
    expect(await screen.findByText(message)).toBeTruthy();
    const dialogs = useDialogs.getState();
    expect(dialogs.open.pay).toBe(true);
    expect(dialogs.payload.pay).toEqual({ grade: 'SVIP', message });
    expect(screen.queryByTestId('keyword-summary')).toBeNull();
  });

  it('opens the buy-times dialog for a top-tier user out of views', async () => {
    request.mockRejectedValue(
      new ApiError(Code.NEEDS_UPGRADE, '今日查看次数已用尽,请明日再试', {
        alias: 'KEYWORD_LIBRARY_DETAIL_COUNT_DAY',
        reason: 'exhausted',
        action: 'buyTimes',
        type: 9,
      }),
    );
    renderPage(<KeywordDetailView keywordRef={ref} tab="overview" />, { viewer: 'EVIP' });
    await screen.findByText('今日查看次数已用尽,请明日再试');
    expect(useDialogs.getState().open.buyTimes).toBe(true);
  });

  it('offers a library search for a word the library does not have', async () => {
    request.mockRejectedValue(new ApiError(Code.NOT_FOUND, '关键词不存在'));
    renderPage(<KeywordDetailView keywordRef={ref} tab="overview" />);
    expect(await screen.findByText('词库中暂未收录「露营装备」')).toBeTruthy();
    const link = screen.getByRole('link', { name: '去词库搜索相近的词' });
    expect(decodeURIComponent(link.getAttribute('href') ?? '')).toBe('/KeywordDouyin/searchWord?keyword=露营装备');
  });
});

import { Code, type VideoComment, VideoPath, videoMessages } from '@dso/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_BANNER_TEXT } from '../../../components';
import { ApiError } from '../../../lib/api/errors';
import { useDialogs } from '../../../stores/dialogs';
import { useSession } from '../../../stores/session';
import { treeNode } from '../../permissions/testing';
import { audiencePortrait, renderVideo, videoDetail } from '../testing';

const request = vi.fn();
const toast = vi.fn();
vi.mock('../../../lib/api/client', () => ({ request: (...args: unknown[]) => request(...args) }));
vi.mock('../../../lib/feedback', () => ({ toast: (...args: unknown[]) => toast(...args) }));
vi.mock('../../../lib/charts/e-chart', async () => (await import('../testing')).chartStubModule);
vi.mock('../../../lib/charts/china-map', () => ({
  chinaMapName: { province: 'china', city: 'china-cities' },
  useChinaMap: () => 'ready',
  chinaMapRegionNames: () => ['广东', '浙江'],
}));

const { VideoDetailPanel } = await import('./video-detail-panel');
const TIMEOUT = 30_000;
const ID = '7300000000000000001';

type Handler = (options: { query?: Record<string, unknown>; body?: unknown; method?: string }) => unknown;
function answer(handlers: Partial<Record<string, Handler>>) {
  request.mockImplementation(async (path: string, options: Parameters<Handler>[0] = {}) => {
    const handler = handlers[path];
    if (!handler) throw new Error(`unexpected call ${path}`);
    return handler(options);
  });
}
/** Answers an ordinary video with no trend points, plus what the test adds or replaces. */
function answerVideo(handlers: Partial<Record<string, Handler>> = {}) {
  answer({ [VideoPath.detail]: () => videoDetail(), [VideoPath.trend]: () => [], ...handlers });
}
/** The video panel's four flags as the server grants them (docs/permissions.md). */
const videoTabTree = [
  treeNode('VIDEO_LIBRARY_DETAIL_VIDEO_DATA', { FREE: 1, VIP: 1, SVIP: 1, EVIP: 1 }),
  treeNode('VIDEO_LIBRARY_DETAIL_KEYWORD_COVERAGE_DATA', { FREE: 1, VIP: 1, SVIP: 1, EVIP: 1 }),
  treeNode('VIDEO_LIBRARY_DETAIL_COMMENT_ANALYSIS', { VIP: 1, SVIP: 1, EVIP: 1 }),
  treeNode('VIDEO_LIBRARY_DETAIL_USER_PORTRAIT', { SVIP: 1, EVIP: 1 }),
];
const callsTo = (path: string) => request.mock.calls.filter(([called]) => called === path);
const refusal = () =>
  new ApiError(Code.NEEDS_UPGRADE, '升级到SVIP可查看视频数据', {
    alias: 'VIDEO_LIBRARY_DETAIL_VIDEO_DATA',
    reason: 'lacking',
    action: 'pay',
    grade: 'SVIP',
  });
const comment = (n: number): VideoComment => ({
  cid: `c${n}`,
  text: `评论${n}`,
  create_time: 1_763_000_000,
  digg_count: 10,
  reply_count: 0,
  user: { nickname: `用户${n}`, avatar_thumb: { url_list: [] } },
});

beforeEach(() => {
  useSession.setState({ roles: [] });
  request.mockReset();
  toast.mockReset();
});

describe('video detail head', () => {
  it(
    'shows the score as an integer, followers in 亿, the counts beside the creator averages and the reference note',
    async () => {
      answerVideo();
      renderVideo(<VideoDetailPanel awemeId={ID} />);
      expect((await screen.findByTestId('video-score'))?.textContent ?? '').toMatch(/^88$/);
      expect(screen.getByText('粉丝数 1.2亿')).toBeTruthy();
      expect(screen.getByTestId('video-duration')?.textContent ?? '').toMatch('1:05');
      const likes = screen.getByTestId('figure-good_count');
      expect(likes?.textContent ?? '').toMatch('2.5w');
      expect(likes?.textContent ?? '').toMatch('达人均值 1.2w');
      expect(screen.getByText(videoMessages.forReference)).toBeTruthy();
      expect(screen.getByText('#露营')).toBeTruthy();
      expect(callsTo(VideoPath.detail)[0]?.[1]).toMatchObject({ query: { awemeId: ID } });
    },
    TIMEOUT,
  );

  it(
    'marks an image-text post and a deleted video',
    async () => {
      answerVideo({
        [VideoPath.detail]: () => videoDetail({ duration: 0, status: 'deleted', status_text: videoMessages.deleted }),
      });
      renderVideo(<VideoDetailPanel awemeId={ID} />);
      expect(await screen.findByText(videoMessages.deleted)).toBeTruthy();
      expect(screen.getByTestId('video-duration')?.textContent ?? '').toMatch('图文');
    },
    TIMEOUT,
  );

  it(
    'shows the demo banner on example data only, not on demo data a member already sees in full',
    async () => {
      answerVideo({
        [VideoPath.detail]: () => videoDetail({ is_demo: true, is_example: false }),
      });
      const view = renderVideo(<VideoDetailPanel awemeId={ID} />);
      await screen.findByTestId('video-head');
      expect(screen.queryByText(DEMO_BANNER_TEXT)).toBeNull();
      view.unmount();

      answerVideo({
        [VideoPath.detail]: () => videoDetail({ is_demo: true, is_example: true }),
      });
      renderVideo(<VideoDetailPanel awemeId={ID} />);
      expect((await screen.findByText(DEMO_BANNER_TEXT)).closest('a')?.getAttribute('href')).toBe('/pay');
    },
    TIMEOUT,
  );

  it('says the link is lost without an id, and calls nothing', async () => {
    renderVideo(<VideoDetailPanel awemeId={undefined} />);
    expect(await screen.findByText(videoMessages.linkMissing)).toBeTruthy();
    expect(request).not.toHaveBeenCalled();
  });

  it(
    'gives a visitor the login dialog on play, and a user without a play url the lost-link text',
    async () => {
      answerVideo({ [VideoPath.detail]: () => videoDetail({ play_url: null }) });
      const view = renderVideo(<VideoDetailPanel awemeId={ID} />, { viewer: 'visitor' });
      fireEvent.click(await screen.findByRole('button', { name: '播放视频' }));
      expect(useDialogs.getState().open.login).toBe(true);
      expect(toast).not.toHaveBeenCalled();
      view.unmount();

      renderVideo(<VideoDetailPanel awemeId={ID} />);
      fireEvent.click(await screen.findByRole('button', { name: '播放视频' }));
      expect(toast).toHaveBeenCalledWith(videoMessages.playUrlMissing, 'warning');
    },
    TIMEOUT,
  );

  it(
    'opens copy extraction with the share link for a user, and the login dialog for a visitor',
    async () => {
      const open = vi.spyOn(window, 'open').mockImplementation(() => null);
      answerVideo();
      const view = renderVideo(<VideoDetailPanel awemeId={ID} />, { viewer: 'visitor' });
      fireEvent.click(await screen.findByRole('button', { name: '提取文案' }));
      expect(useDialogs.getState().open.login).toBe(true);
      expect(open).not.toHaveBeenCalled();
      view.unmount();

      renderVideo(<VideoDetailPanel awemeId={ID} />);
      fireEvent.click(await screen.findByRole('button', { name: '提取文案' }));
      expect(sessionStorage.getItem('copy_keyword')).toBe('https://v.douyin.com/abc123/');
      expect(open).toHaveBeenCalledWith(
        `/DouyinVideoOcr?keyword=${encodeURIComponent('https://v.douyin.com/abc123/')}&type=Extract`,
        '_blank',
      );
      open.mockRestore();
    },
    TIMEOUT,
  );

  it(
    'refreshes once, says the data is updating and keeps the button disabled across a reopen',
    async () => {
      answerVideo({
        [VideoPath.refresh]: () => ({ queued: true, message: videoMessages.refreshing, locked_until: 1 }),
      });
      const view = renderVideo(<VideoDetailPanel awemeId={ID} />);
      const button = await screen.findByRole('button', { name: '刷新数据' });
      expect((button as HTMLButtonElement).disabled).toBe(false);
      fireEvent.click(button);
      await waitFor(() => expect(toast).toHaveBeenCalledWith(videoMessages.refreshing, 'success'));
      expect(callsTo(VideoPath.refresh)[0]?.[1]).toMatchObject({ method: 'POST', body: { awemeId: ID } });
      await waitFor(() =>
        expect((screen.getByRole('button', { name: '刷新数据' }) as HTMLButtonElement).disabled).toBe(true),
      );
      view.unmount();

      renderVideo(<VideoDetailPanel awemeId={ID} />);
      expect(((await screen.findByRole('button', { name: '刷新数据' })) as HTMLButtonElement).disabled).toBe(true);
    },
    TIMEOUT,
  );

  it(
    'disables refresh while the server lock holds',
    async () => {
      answerVideo({
        [VideoPath.detail]: () => videoDetail({ refresh_locked_until: Math.floor(Date.now() / 1000) + 600 }),
      });
      renderVideo(<VideoDetailPanel awemeId={ID} />);
      expect(((await screen.findByRole('button', { name: '刷新数据' })) as HTMLButtonElement).disabled).toBe(true);
    },
    TIMEOUT,
  );
});

describe('video detail tabs', () => {
  it(
    'draws the 48-hour trend, and says too few points when there are not enough',
    async () => {
      const point = (hour: number) => ({
        create_time: 1_763_000_000 + hour * 3600,
        good_value: hour * 10,
        good_increment: 10,
        comment_value: hour,
        share_value: hour,
        collect_value: hour,
      });
      answerVideo({ [VideoPath.trend]: () => [point(1), point(2)] });
      const view = renderVideo(<VideoDetailPanel awemeId={ID} />);
      expect(await screen.findByTestId('video-trend-chart')).toBeTruthy();
      expect(screen.getByTestId('trend-tip').getAttribute('title')).toBe(videoMessages.trendTooltip);
      view.unmount();

      answerVideo({ [VideoPath.trend]: () => [point(1)] });
      renderVideo(<VideoDetailPanel awemeId={ID} />);
      expect(await screen.findByText(videoMessages.trendTooFew)).toBeTruthy();
    },
    TIMEOUT,
  );

  it(
    'shows a visitor the login prompt in every tab without calling it or opening the login dialog',
    async () => {
      answer({ [VideoPath.detail]: () => videoDetail() });
      renderVideo(<VideoDetailPanel awemeId={ID} />, { viewer: 'visitor' });
      await screen.findByTestId('video-head');
      for (const name of ['视频数据', '关联关键词', '评论详情', '观众分析']) {
        fireEvent.click(screen.getByRole('tab', { name }));
        const body = screen.getByRole('tabpanel', { name });
        expect(await within(body).findByText('立即登录注册，查看更多数据')).toBeTruthy();
        expect(within(body).getByRole('button', { name: '立即登录' })).toBeTruthy();
        expect(within(body).queryByText('加载失败')).toBeNull();
      }
      expect(request.mock.calls.map(([path]) => path)).toEqual([VideoPath.detail]);
      expect(useDialogs.getState().open.login).toBe(false);
      fireEvent.click(
        within(screen.getByRole('tabpanel', { name: '观众分析' })).getByRole('button', { name: '立即登录' }),
      );
      expect(useDialogs.getState().open.login).toBe(true);
    },
    TIMEOUT,
  );

  it(
    "marks each tab the user's tier lacks with the badge of the lowest tier that has it",
    async () => {
      useSession.setState({ roles: videoTabTree });
      answerVideo();
      renderVideo(<VideoDetailPanel awemeId={ID} />);
      await screen.findByTestId('video-head');
      const badgeOf = (name: string) =>
        screen.getByRole('tab', { name: new RegExp(`^${name}`) }).querySelector('.dso-tier-badge')?.textContent ?? null;
      expect(['视频数据', '关联关键词', '评论详情', '观众分析'].map(badgeOf)).toEqual([null, null, null, 'SVIP']);
    },
    TIMEOUT,
  );

  it(
    'shows the upgrade panel in place of a refused tab',
    async () => {
      answerVideo({
        [VideoPath.trend]: () => {
          throw refusal();
        },
      });
      renderVideo(<VideoDetailPanel awemeId={ID} />);
      expect(await screen.findByText('升级到SVIP可查看视频数据')).toBeTruthy();
      expect(screen.queryByTestId('video-trend-chart')).toBeNull();
    },
    TIMEOUT,
  );

  it(
    'loads related keywords when opened, month_cover_count first, linking each to its detail page',
    async () => {
      answerVideo({
        [VideoPath.keywords]: () => ({
          total_record: 1,
          result: [{ keyword: '露营装备', month_cover_count: 89_000, competition: 3, search_rank: null }],
        }),
      });
      renderVideo(<VideoDetailPanel awemeId={ID} />);
      await screen.findByTestId('video-head');
      expect(callsTo(VideoPath.keywords)).toHaveLength(0);
      fireEvent.click(screen.getByRole('tab', { name: '关联关键词' }));
      const link = await screen.findByText(
        (_, element) => element?.tagName === 'A' && element.textContent === '露营装备',
      );
      expect(link.getAttribute('href')).toContain('keyword=%E9%9C%B2%E8%90%A5%E8%A3%85%E5%A4%87');
      expect(screen.getByText('8.9w')).toBeTruthy();
      expect(callsTo(VideoPath.keywords)[0]?.[1]).toMatchObject({
        method: 'POST',
        body: {
          orders: [{ column: 'month_cover_count', asc: false }],
          page_no: 1,
          page_size: 10,
          params_data: { video_id: ID, word_new: '露营,装备' },
        },
      });
    },
    TIMEOUT,
  );

  it(
    'filters related keywords by text, and refuses a cover range whose start lies above its end',
    async () => {
      answerVideo({
        [VideoPath.keywords]: () => ({ total_record: 0, result: [] }),
      });
      renderVideo(<VideoDetailPanel awemeId={ID} />);
      fireEvent.click(await screen.findByRole('tab', { name: '关联关键词' }));
      await waitFor(() => expect(callsTo(VideoPath.keywords)).toHaveLength(1));
      fireEvent.change(screen.getByLabelText('关键词'), { target: { value: '帐篷' } });
      fireEvent.click(screen.getByRole('button', { name: '筛 选' }));
      await waitFor(() => expect(callsTo(VideoPath.keywords)).toHaveLength(2));
      expect(callsTo(VideoPath.keywords)[1]?.[1]).toMatchObject({ body: { params_data: { keyword: '帐篷' } } });

      fireEvent.change(screen.getByLabelText('月覆盖人数起始'), { target: { value: '500' } });
      fireEvent.change(screen.getByLabelText('月覆盖人数结束'), { target: { value: '100' } });
      fireEvent.click(screen.getByRole('button', { name: '筛 选' }));
      expect((await screen.findByRole('alert'))?.textContent ?? '').toMatch(videoMessages.rangeOrder);
      expect(callsTo(VideoPath.keywords)).toHaveLength(2);
    },
    TIMEOUT,
  );

  it(
    'lists comments page by page as the list scrolls, offers one reload of a failed page, then ends',
    async () => {
      let page2Calls = 0;
      answerVideo({
        [VideoPath.hotWords]: () => [{ name: '好看', count: 30 }],
        [VideoPath.comments]: ({ query }) => {
          if (query?.pageNo === 1) {
            return {
              total_record: 60,
              page_no: 1,
              has_more: true,
              result: Array.from({ length: 20 }, (_, i) => comment(i)),
            };
          }
          page2Calls += 1;
          throw new ApiError(500, '服务繁忙');
        },
      });
      renderVideo(<VideoDetailPanel awemeId={ID} />);
      fireEvent.click(await screen.findByRole('tab', { name: '评论详情' }));
      expect(await screen.findByTestId('hot-words-chart')).toBeTruthy();
      expect(await screen.findByText('评论19')).toBeTruthy();
      expect(callsTo(VideoPath.comments)[0]?.[1]).toMatchObject({ query: { awemeId: ID, pageNo: 1 } });

      fireEvent.scroll(screen.getByTestId('comment-list'));
      const reload = await screen.findByRole('button', { name: '重新加载' });
      expect(page2Calls).toBe(1);
      fireEvent.click(reload);
      const list = screen.getByTestId('comment-list');
      expect(await within(list).findByText(videoMessages.commentsEnd)).toBeTruthy();
      expect(page2Calls).toBe(2);
      expect(within(list).queryByRole('button', { name: '重新加载' })).toBeNull();
    },
    TIMEOUT,
  );

  it(
    'shows the audience: top regions scaled to the largest with 2-decimal percents',
    async () => {
      const empty = audiencePortrait();
      answerVideo({
        [VideoPath.portrait]: () => ({
          ...empty,
          gender_more: [
            { name: '女', value: 0.6 },
            { name: '男', value: 0.4 },
          ],
          province_more: [
            { name: '浙江', value: 0.1 },
            { name: '广东', value: 0.2 },
          ],
        }),
      });
      renderVideo(<VideoDetailPanel awemeId={ID} />);
      fireEvent.click(await screen.findByRole('tab', { name: '观众分析' }));
      const top = await screen.findByTestId('province-top10');
      const rows = within(top).getAllByRole('listitem');
      expect(rows[0]?.textContent ?? '').toMatch('广东');
      expect(rows[0]?.textContent ?? '').toMatch('20.00%');
      expect(rows[1]?.textContent ?? '').toMatch('10.00%');
      const bars = within(top).getAllByTestId('share-bar');
      expect(bars[0]?.style.width).toBe('100%');
      expect(bars[1]?.style.width).toBe('50%');
      expect(screen.getByTestId('region-map')).toBeTruthy();
      expect(callsTo(VideoPath.portrait)[0]?.[1]).toMatchObject({ query: { videoId: ID } });
    },
    TIMEOUT,
  );

  it(
    'says there is no portrait, or no regions',
    async () => {
      const base = audiencePortrait();
      answerVideo({
        [VideoPath.portrait]: () => ({ ...base, empty_text: videoMessages.noPortrait }),
      });
      const view = renderVideo(<VideoDetailPanel awemeId={ID} />);
      fireEvent.click(await screen.findByRole('tab', { name: '观众分析' }));
      expect(await screen.findByText(videoMessages.noPortrait)).toBeTruthy();
      view.unmount();

      answerVideo({
        [VideoPath.portrait]: () => ({ ...base, gender_more: [{ name: '女', value: 1 }] }),
      });
      renderVideo(<VideoDetailPanel awemeId={ID} />);
      fireEvent.click(await screen.findByRole('tab', { name: '观众分析' }));
      expect(await screen.findByText(videoMessages.noRegion)).toBeTruthy();
    },
    TIMEOUT,
  );
});

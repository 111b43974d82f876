import { CreatorPath, type TopicList, TopicPath, type TopicRow, type VideoList, VideoPath } from '@dso/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireListLoad } from '../../../components/testing/fire-list-load';
import { PAGE_TEST_TIMEOUT, renderPage } from '../../../components/testing/render-route';
import { useDialogs } from '../../../stores/dialogs';
import { videoRow } from '../../videos/testing';

const request = vi.fn();
vi.mock('../../../lib/api/client', () => ({ request: (...args: unknown[]) => request(...args) }));

const { default: DouyinTopicPage } = await import('./douyin-topic-page');

type ListQuery = Record<string, string | number | undefined> & { page_no: number; page_size: number };

function topic(rank: number, overrides: Partial<TopicRow> = {}): TopicRow {
  return {
    id: rank,
    rank,
    kind: 'video',
    name: `话题${rank}`,
    heat: 1_000_000 - rank,
    video_count: 1_200,
    growth: '5%-10%',
    day: '2026-11-21',
    ...overrides,
  };
}

/** `total` rows served 20 a page up to `dataMax`, made by `make`. */
function page<Row>(query: ListQuery, total: number, dataMax: number, make: (index: number) => Row) {
  const first = (query.page_no - 1) * query.page_size;
  const last = Math.min(query.page_no * query.page_size, total, dataMax);
  const result: Row[] = [];
  for (let index = first; index < last; index++) result.push(make(index));
  return { total_record: total, total_estimated: false, data_max: dataMax, user_grade: 'VIP', result };
}

/** `unknownFigures`: the second topic has no work count or growth, as a collected topic has. */
function serve({ topics = 45, dataMax = 300, searchTotal = 3, unknownFigures = false } = {}) {
  request.mockImplementation(async (path: string, options: { query: ListQuery }) => {
    const query = options?.query;
    if (path === TopicPath.list) {
      const kind = query.kind as TopicRow['kind'];
      const name = kind === 'video' ? '视频话题' : '图文话题';
      return page(query, topics, dataMax, (index) =>
        topic(index + 1, {
          kind,
          name: `${name}${index + 1}`,
          ...(unknownFigures && index === 1 ? { video_count: null, growth: null } : {}),
        }),
      ) satisfies TopicList;
    }
    if (path === TopicPath.videos) {
      return page(query, 2, dataMax, (index) =>
        videoRow({ video_id: `t${query.topic_id}-${index}`, video_desc: `话题作品${index}` }),
      ) satisfies VideoList;
    }
    if (path === VideoPath.search) {
      return page(query, searchTotal, dataMax, (index) =>
        videoRow({ video_id: `s${index}`, video_desc: `${query.keyword}教程${index}` }),
      ) satisfies VideoList;
    }
    if (path === VideoPath.lowFollowerHits) {
      return page(query, 1, dataMax, () =>
        videoRow({ video_id: 'low1', video_desc: '小号爆款作品', total_follower_count: 800 }),
      ) satisfies VideoList;
    }
    if (path === CreatorPath.facets) {
      return { fields: [{ name: '美食餐饮', count: 20 }], provinces: [] };
    }
    throw new Error(`unexpected call ${String(path)} ${JSON.stringify(options)}`);
  });
}

const callsTo = (path: string) =>
  request.mock.calls
    .filter(([called]) => called === path)
    .map(([, options]) => (options as { query: ListQuery }).query);

const renderTopics = (url = '/DouyinTopic/searchWord', viewer: 'visitor' | 'VIP' = 'VIP') =>
  renderPage(<DouyinTopicPage />, { path: '/DouyinTopic/:tabVal?', url, viewer });

beforeEach(() => {
  request.mockReset();
});

describe('DouyinTopicPage', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('shows the three tabs with the chosen one current and lists the day’s video topics, ranked', async () => {
    serve();
    renderTopics();
    const tabs = within(screen.getByRole('navigation', { name: '素材分类' })).getAllByRole('link');
    expect(tabs.map((tab) => tab.querySelector('.tp-tab__name')?.textContent)).toEqual([
      '视频选题',
      '图文选题',
      '低粉爆款',
    ]);
    expect(tabs[0]!.getAttribute('aria-current')).toBe('page');
    const rows = await screen.findAllByTestId('topic-row');
    expect(rows).toHaveLength(20);
    expect(within(rows[0]!).getByText('#视频话题1')).toBeTruthy();
    expect(within(rows[0]!).getByText('100.0w')).toBeTruthy();
    expect(screen.getByText('数据日期 2026-11-21')).toBeTruthy();
    expect(callsTo(TopicPath.list)[0]).toMatchObject({ kind: 'video', sort: 'heat', page_no: 1, page_size: 20 });
  });

  it('shows -- for a work count or growth no source gave', async () => {
    serve({ unknownFigures: true });
    renderTopics();
    const rows = await screen.findAllByTestId('topic-row');
    expect(within(rows[1]!).getAllByText('--')).toHaveLength(2);
    expect(within(rows[0]!).queryByText('--')).toBeNull();
    expect(within(rows[0]!).getByText('1200')).toBeTruthy();
  });

  it('lists image-text topics on imgSearchWord and asks again with another sort', async () => {
    serve();
    renderTopics('/DouyinTopic/imgSearchWord');
    expect(await screen.findByText('#图文话题1')).toBeTruthy();
    expect(callsTo(TopicPath.list)[0]).toMatchObject({ kind: 'image_text' });
    fireEvent.click(screen.getByText('按增长'));
    await waitFor(() => expect(callsTo(TopicPath.list).at(-1)).toMatchObject({ sort: 'growth', page_no: 1 }));
  });

  it('goes to the first tab for an unknown tab', async () => {
    serve();
    renderTopics('/DouyinTopic/nonsense');
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/DouyinTopic/searchWord'));
  });

  it('loads the next topics when the layout fires topicListLoad, then says there are no more', async () => {
    serve({ topics: 45 });
    renderTopics();
    await screen.findAllByTestId('topic-row');
    fireListLoad('topicListLoad');
    await waitFor(() => expect(screen.getAllByTestId('topic-row')).toHaveLength(40));
    fireListLoad('topicListLoad');
    await waitFor(() => expect(screen.getAllByTestId('topic-row')).toHaveLength(45));
    expect(await screen.findByText('~没有更多了~')).toBeTruthy();
  });

  it('asks a visitor to log in for more rankings after the guest rows', async () => {
    serve({ dataMax: 10 });
    renderTopics('/DouyinTopic/searchWord', 'visitor');
    expect(await screen.findAllByTestId('topic-row')).toHaveLength(10);
    expect(screen.getByText('需要登录才能查看更多排名')).toBeTruthy();
  });

  it('opens a topic’s works in a drawer, and a work there opens the video dialog', async () => {
    serve();
    renderTopics();
    fireEvent.click(await screen.findByText('#视频话题2'));
    const drawer = await screen.findByTestId('topic-videos');
    expect(await within(drawer).findByText('话题作品0')).toBeTruthy();
    expect(callsTo(TopicPath.videos)[0]).toMatchObject({ topic_id: 2, sort: 'good_count' });
    fireEvent.click(within(drawer).getByRole('button', { name: '查看视频详情：话题作品1' }));
    expect(useDialogs.getState().open.video).toBe(true);
    expect(useDialogs.getState().payload.video).toEqual({ id: 't2-1' });
  });

  it('closes the topic drawer with Escape from a work inside it and gives the focus back to its opener', async () => {
    serve();
    const user = userEvent.setup();
    renderTopics();
    const rows = await screen.findAllByTestId('topic-row');
    const opener = within(rows[1]!).getByRole('button', { name: '查看作品' });
    await user.click(opener);
    const drawer = await screen.findByTestId('topic-videos');
    // The keyboard user is on a work in the drawer, where the video dialog opened from it gives the
    // focus back. (jsdom runs no animations: the browser-only half of the quirk, Escape swallowed
    // while that dialog is still leaving and the focus left on the body while the drawer slides out,
    // is the video lists journey's step in Chromium.)
    const work = within(drawer).getByRole('button', { name: '查看视频详情：话题作品1' });
    work.focus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('topic-videos')).toBeNull());
    expect(document.activeElement).toBe(opener);
    // Opening again from the other button of another row gives the focus back to that one.
    const title = within(rows[2]!).getByRole('button', { name: '#视频话题3' });
    await user.click(title);
    await screen.findByTestId('topic-videos');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('topic-videos')).toBeNull());
    expect(document.activeElement).toBe(title);
  });

  it('shows the title search’s works with the keyword coloured, and searches from its own box', async () => {
    serve();
    renderTopics(`/DouyinTopic/searchWord?keyword=${encodeURIComponent('红烧肉')}`);
    const results = await screen.findByTestId('video-search');
    expect(within(results).getByText(/标题包含/).textContent).toContain('红烧肉');
    const cards = await within(results).findAllByTestId('video-card');
    expect(cards).toHaveLength(3);
    expect(cards[0]!.querySelector('mark')?.textContent).toBe('红烧肉');
    expect(callsTo(VideoPath.search)[0]).toMatchObject({ keyword: '红烧肉', sort: 'good_count', page_no: 1 });
    expect(callsTo(TopicPath.list)).toEqual([]);

    fireEvent.change(screen.getByLabelText('请输入视频名称'), { target: { value: ' 糖醋排骨 ' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索视频' }));
    await waitFor(() =>
      expect(decodeURIComponent(screen.getByTestId('address').textContent ?? '')).toBe(
        '/DouyinTopic/searchWord?keyword=糖醋排骨',
      ),
    );
    await waitFor(() => expect(callsTo(VideoPath.search).at(-1)).toMatchObject({ keyword: '糖醋排骨' }));
  });

  it('says so when no title holds the keyword', async () => {
    serve({ searchTotal: 0 });
    renderTopics(`/DouyinTopic/searchWord?keyword=${encodeURIComponent('无此视频')}`);
    expect(await screen.findByText('没有找到标题包含“无此视频”的视频')).toBeTruthy();
  });

  it('lists small accounts’ breakout works and filters them by field', async () => {
    serve();
    renderTopics('/DouyinTopic/lowPowderPop');
    const section = await screen.findByTestId('low-follower-hits');
    expect(await within(section).findByText('小号爆款作品')).toBeTruthy();
    expect(callsTo(VideoPath.lowFollowerHits)[0]).toMatchObject({ field: undefined, page_no: 1 });
  });

  it('reads the field from the address', async () => {
    serve();
    renderTopics(`/DouyinTopic/lowPowderPop?field=${encodeURIComponent('美食餐饮')}`);
    await screen.findByText('小号爆款作品');
    expect(callsTo(VideoPath.lowFollowerHits)[0]).toMatchObject({ field: '美食餐饮' });
  });
});

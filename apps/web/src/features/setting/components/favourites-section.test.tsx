import { type CollectType, type FavouriteItem, FavouritePath, type UserInfo } from '@dso/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { renderAtRoute } from '../../../components/testing/render-route';
import '../../../components/testing/render-widget';
import { request } from '../../../lib/api/client';
import { toast } from '../../../lib/feedback';
import { useDialogs } from '../../../stores/dialogs';
import { useSession } from '../../../stores/session';
import { creatorRow } from '../../creators/testing';
import { keywordRow } from '../../keyword-detail/testing';
import { videoRow } from '../../videos/testing';
import SettingPage from '../pages/setting-page';

vi.mock('../../../lib/api/client', () => ({ request: vi.fn(), requestFile: vi.fn() }));
vi.mock('../../../lib/feedback', async (original) => ({
  ...(await original<typeof import('../../../lib/feedback')>()),
  toast: vi.fn(),
}));
type Call = { query?: Record<string, unknown>; body?: { type: CollectType; subject: string } };
const requestMock = request as unknown as Mock<(path: string, options?: Call) => unknown>;

const item = (type: CollectType, subject: string, row: Partial<FavouriteItem> = {}): FavouriteItem => ({
  type,
  subject,
  created_at: 1_763_600_000,
  keyword: null,
  video: null,
  creator: null,
  ...row,
});

/** The server's favourites, per type; remove takes a subject out. */
let store: Record<CollectType, FavouriteItem[]>;

function renderAt(path: string) {
  useSession.setState({
    token: 'test-token',
    userInfo: { id: 7, grade: 'FREE', grade_info_vo: { grade_enum: 'FREE', end_day: 0, end_time: 0 } } as UserInfo,
  });
  return renderAtRoute(<SettingPage />, { url: path, keepSession: true });
}

describe('我的收藏', () => {
  beforeEach(() => {
    store = {
      collectDouyin: [
        item('collectDouyin', '露营装备', { keyword: keywordRow() }),
        item('collectDouyin', '已下架的词'),
      ],
      collectRso: [],
      collectUser: [item('collectUser', 'u-ameng', { creator: creatorRow() }), item('collectUser', 'u-gone')],
      collectVideo: [
        item('collectVideo', '7300000000000000101', { video: videoRow() }),
        item('collectVideo', '7300000000000000999'),
      ],
    };
    requestMock.mockReset();
    requestMock.mockImplementation(async (path, options) => {
      if (path === FavouritePath.list) {
        const type = options?.query?.type as CollectType;
        return { total_record: store[type].length, result: store[type] };
      }
      if (path === FavouritePath.remove && options?.body) {
        const { type, subject } = options.body;
        store[type] = store[type].filter((row) => row.subject !== subject);
        return { collected: false };
      }
      throw new Error(`unexpected ${path}`);
    });
  });
  afterEach(() => {
    cleanup();
    useSession.setState({ token: null, userInfo: null });
  });

  it('opens on the tab the address names, lists keywords with figures and a link, and marks one the library lacks', async () => {
    renderAt('/setting?type=collectDouyin');
    expect(await screen.findByRole('heading', { name: '我的收藏' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: '个人中心' });
    expect(
      within(nav)
        .getByRole('button', { name: /我的收藏/ })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(screen.getByRole('tab', { name: '抖音关键词', selected: true })).toBeTruthy();
    for (const name of ['小红书关键词', '达人', '视频']) expect(screen.getByRole('tab', { name })).toBeTruthy();
    const link = await screen.findByRole('link', { name: '露营装备' });
    expect(link.getAttribute('href')).toBe('/keyWordDetail?keyword=%E9%9C%B2%E8%90%A5%E8%A3%85%E5%A4%87');
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('12.3w')).toBeTruthy();
    expect(screen.getByText('已下架的词')).toBeTruthy();
    expect(screen.getByText('词库暂无该词数据')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '已下架的词' })).toBeNull();
    expect(screen.getByText('共 2 条收藏')).toBeTruthy();
    expect(requestMock).toHaveBeenCalledWith(
      FavouritePath.list,
      expect.objectContaining({ query: { type: 'collectDouyin', page_no: 1, page_size: 20 } }),
    );
  });

  it('writes another tab into the address and shows 暂无数据 for an empty one', async () => {
    renderAt('/setting?type=collectDouyin');
    await screen.findByRole('link', { name: '露营装备' });
    fireEvent.click(screen.getByRole('tab', { name: '小红书关键词' }));
    expect(await screen.findByText('暂无数据')).toBeTruthy();
    expect(screen.getByTestId('address').textContent).toBe('/setting?type=collectRso');
  });

  it('lists creators with name, followers and a link to their detail, and one no longer in the library', async () => {
    renderAt('/setting?type=collectUser');
    const name = await screen.findByRole('link', { name: '阿明的厨房' });
    expect(name.getAttribute('href')).toBe('/person/detail/u-ameng');
    const card = name.closest('li') as HTMLElement;
    expect(within(card).getByText('123.4w')).toBeTruthy();
    expect(within(card).getByText('肩部达人')).toBeTruthy();
    expect(screen.getByText('该达人已不在达人库中')).toBeTruthy();
    expect(screen.getByText('用户 ID：u-gone')).toBeTruthy();
  });

  it('shows videos as the shared cards that open the video dialog, and lets one go with 取消收藏', async () => {
    renderAt('/setting?type=collectVideo');
    const title = await screen.findByRole('button', { name: '三分钟学会家常红烧肉' });
    fireEvent.click(title);
    expect(useDialogs.getState().open.video).toBe(true);
    expect(useDialogs.getState().payload.video).toEqual({ id: '7300000000000000101' });
    expect(screen.getByText('该视频已不在视频库中')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '取消收藏 7300000000000000999' }));
    expect(await screen.findByText('共 1 条收藏')).toBeTruthy();
    expect(screen.queryByText('该视频已不在视频库中')).toBeNull();
    expect(requestMock).toHaveBeenCalledWith(
      FavouritePath.remove,
      expect.objectContaining({ method: 'POST', body: { type: 'collectVideo', subject: '7300000000000000999' } }),
    );
    expect(toast).toHaveBeenCalledWith('已取消收藏', 'success');
  });
});

import { Code, CreatorPath, FavouritePath } from '@dso/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_BANNER_TEXT } from '../../../components';
import { ApiError } from '../../../lib/api/errors';
import { useDialogs } from '../../../stores/dialogs';
import { useSession } from '../../../stores/session';
import { treeNode } from '../../permissions/testing';
import { videoRow } from '../../videos/testing';
import { creatorProfile, listPage, renderCreators } from '../testing';

const request = vi.fn();
vi.mock('../../../lib/api/client', () => ({ request: (...args: unknown[]) => request(...args) }));
vi.mock('../../../lib/charts/e-chart', async () => (await import('../testing')).chartStubModule);

const { default: CreatorDetailPage } = await import('./creator-detail-page');
const TIMEOUT = 30_000;
const USER = 'u-ameng';

const portraitRefusal = new ApiError(Code.NEEDS_UPGRADE, '当前版本暂无权限，请升级会员', {
  alias: 'VIDEO_LIBRARY_DETAIL_USER_PORTRAIT',
  reason: 'lacking',
  action: 'pay',
  grade: 'SVIP',
});

function answer(overrides: { profile?: Parameters<typeof creatorProfile>[0] } = {}) {
  request.mockImplementation(async (path: string, options: { query?: Record<string, unknown>; body?: unknown }) => {
    if (path === CreatorPath.profile) return creatorProfile(overrides.profile);
    if (path === CreatorPath.videos) {
      return listPage([
        videoRow({ video_id: 'w1', video_desc: '红烧肉' }),
        videoRow({ video_id: 'w2', video_desc: '糖醋排骨' }),
      ]);
    }
    if (path === CreatorPath.followerTrend) {
      return {
        as_of: '2026-11-20',
        points: [
          { day: '2026-11-19', follower_count: 1_233_000, increment: 900 },
          { day: '2026-11-20', follower_count: 1_234_000, increment: 1_000 },
        ],
      };
    }
    if (path === CreatorPath.portrait) throw portraitRefusal;
    if (path === FavouritePath.add) return { collected: true };
    throw new Error(`unexpected ${path} ${JSON.stringify(options)}`);
  });
}

const open = (tab = '') =>
  renderCreators(<CreatorDetailPage />, {
    path: '/person/detail/:userid/:tabVal?',
    url: `/person/detail/${USER}${tab ? `/${tab}` : ''}`,
    grade: 'FREE',
  });

beforeEach(() => {
  useSession.setState({ roles: [] });
  request.mockReset();
});

describe('/person/detail/{userid}/{tab}', () => {
  it(
    "shows the creator's head and figures, and the works that open the video dialog",
    async () => {
      answer({ profile: { sales_amount: '12.3w' } });
      open();
      const head = await screen.findByTestId('creator-head');
      expect(within(head).getByRole('heading', { name: /阿明的厨房/ })).toBeTruthy();
      expect(head.textContent).toContain('抖音号：ameng88');
      expect(head.textContent).toContain('肩部达人');
      expect(head.textContent).toContain('带货 · 腰部');
      expect(screen.getByTestId('creator-figure-followers').textContent).toContain('123.4w');
      expect(screen.getByTestId('creator-figure-growth').textContent).toContain('+1.2w');
      expect(screen.getByTestId('creator-figure-avg-good').textContent).toContain('17.7w');
      // A banded sales amount reads as its lower edge with 约.
      expect(screen.getByTestId('creator-figure-sales').textContent).toContain('约¥1230');
      const works = await screen.findByRole('list', { name: '达人作品' });
      expect(within(works).getAllByTestId('video-card')).toHaveLength(2);
      expect(request).toHaveBeenCalledWith(
        CreatorPath.videos,
        expect.objectContaining({ query: { userId: USER, sort: 'create_time', page_no: 1, page_size: 20 } }),
      );
      fireEvent.click(within(works).getByRole('button', { name: '红烧肉' }));
      expect(useDialogs.getState().payload.video).toEqual({ id: 'w1' });
      useDialogs.getState().closeDialog('video');
      fireEvent.click(screen.getByRole('button', { name: '找对标账号' }));
      expect(screen.getByTestId('address').textContent).toBe(`/Competitors?userId=${USER}`);
    },
    TIMEOUT,
  );

  it(
    'walks to the follower trend and the audience tab, which shows the upgrade panel without the right',
    async () => {
      answer();
      open();
      await screen.findByTestId('creator-head');
      fireEvent.click(screen.getByRole('tab', { name: '粉丝趋势' }));
      expect(await screen.findByTestId('follower-trend-chart')).toBeTruthy();
      expect(screen.getByTestId('address').textContent).toBe(`/person/detail/${USER}/fans`);
      fireEvent.click(screen.getByText('近7天'));
      await waitFor(() =>
        expect(request).toHaveBeenCalledWith(
          CreatorPath.followerTrend,
          expect.objectContaining({ query: { userId: USER, days: 7 } }),
        ),
      );
      fireEvent.click(screen.getByRole('tab', { name: '粉丝画像' }));
      expect(await screen.findByText('当前版本暂无权限，请升级会员')).toBeTruthy();
      expect(screen.getByTestId('address').textContent).toBe(`/person/detail/${USER}/portrait`);
    },
    TIMEOUT,
  );

  it(
    'marks the audience tab with the badge of the lowest tier that has it',
    async () => {
      useSession.setState({ roles: [treeNode('VIDEO_LIBRARY_DETAIL_USER_PORTRAIT', { SVIP: 1, EVIP: 1 })] });
      answer();
      open();
      await screen.findByTestId('creator-head');
      const badgeOf = (name: string) =>
        screen.getByRole('tab', { name: new RegExp(`^${name}`) }).querySelector('.dso-tier-badge')?.textContent ?? null;
      expect(['作品', '粉丝趋势', '粉丝画像'].map(badgeOf)).toEqual([null, null, 'SVIP']);
    },
    TIMEOUT,
  );

  it(
    'shows the demo banner on example data only, not on demo data a member already sees in full',
    async () => {
      answer({ profile: { is_demo: true, is_example: false } });
      const view = open();
      await screen.findByTestId('creator-head');
      expect(screen.queryByText(DEMO_BANNER_TEXT)).toBeNull();
      view.unmount();

      answer({ profile: { is_demo: true, is_example: true } });
      open();
      expect(await screen.findByText(DEMO_BANNER_TEXT)).toBeTruthy();
    },
    TIMEOUT,
  );

  it(
    'collects the creator',
    async () => {
      answer();
      open('works');
      fireEvent.click(await screen.findByTestId('collect-creator'));
      await waitFor(() => expect(screen.getByTestId('collect-creator').textContent).toContain('已收藏'));
      expect(request).toHaveBeenCalledWith(
        FavouritePath.add,
        expect.objectContaining({ method: 'POST', body: { type: 'collectUser', subject: USER } }),
      );
    },
    TIMEOUT,
  );

  it(
    'says 链接丢失啦 for an unusable id',
    async () => {
      renderCreators(<CreatorDetailPage />, { path: '/person/detail/:userid/:tabVal?', url: '/person/detail/a%20b' });
      expect(await screen.findByText('链接丢失啦，请稍后再试~')).toBeTruthy();
    },
    TIMEOUT,
  );
});

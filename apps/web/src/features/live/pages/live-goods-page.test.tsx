import { Code, LivePath, videoMessages } from '@dso/contract';
import { bandNumber } from '@dso/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { request } from '../../../components/testing/api-client-mock';
import { ApiError } from '../../../lib/api/errors';
import { liveDetail, renderLive, resetBetweenLiveTests } from '../testing/render';

vi.mock('../../../lib/api/client', () => import('../../../components/testing/api-client-mock'));
vi.mock('../../../lib/charts/e-chart', async () => (await import('../testing/render')).chartStubModule);

const { LiveGoodsPage } = await import('./live-goods-page');
const TIMEOUT = 30_000;
const ROOM = '7380000000000000001';
const open = (id = ROOM) =>
  renderLive(<LiveGoodsPage />, { path: '/livegoods/detail/:id', url: `/livegoods/detail/${id}` });

resetBetweenLiveTests();

describe('/livegoods/detail/{id}', () => {
  it(
    'shows the session’s head, figures, curves and goods, best sellers first',
    async () => {
      request.mockResolvedValue(liveDetail());
      open();
      expect(await screen.findByRole('heading', { name: '秋冬铁锅专场' })).toBeTruthy();
      expect(request).toHaveBeenCalledWith(LivePath.detail, expect.objectContaining({ query: { lid: ROOM } }));
      expect(screen.getByTestId('live-status').textContent).toBe('直播中');
      expect(screen.getByText('阿明厨房')).toBeTruthy();
      expect(screen.getByTestId('live-figure-watch_count').textContent).toContain('25.6w');
      expect(screen.getByTestId('live-figure-peak_online').textContent).toContain('4800');
      expect(screen.getByTestId('live-figure-sales_amount').textContent).toContain('¥12.3w');
      expect(screen.getByTestId('live-figure-goods_count').textContent).toContain('2');
      expect(screen.getByTestId('live-chart')).toBeTruthy();
      const rows = within(screen.getByTestId('live-goods')).getAllByRole('row').slice(1);
      // 59.9 × 1,500 = ¥89,850 outsells 129 × 320 = ¥41,280.
      expect(rows.map((row) => row.textContent)).toEqual([
        expect.stringMatching(/竹制砧板¥59\.91500¥9\.0w/),
        expect.stringMatching(/铸铁炒锅¥129320¥4\.1w/),
      ]);
      const studio = screen.getByRole('link', { name: '进入直播间实时数据' });
      expect(studio.getAttribute('href')).toBe(`/live_studio?lid=${ROOM}`);
    },
    TIMEOUT,
  );

  it(
    'says 约 for a viewer who sees bands, and 已结束 with the end time for an ended session',
    async () => {
      request.mockResolvedValue(
        liveDetail({ banded: true, sales_amount: bandNumber(12_345_600), end_time: 1_763_870_400 + 2 * 3600 + 5 }),
      );
      open();
      expect(await screen.findByTestId('live-figure-sales_amount')).toBeTruthy();
      expect(screen.getByTestId('live-figure-sales_amount').textContent).toContain('约¥12.3w');
      expect(screen.getByText(/销售数据按区间展示/)).toBeTruthy();
      expect(within(screen.getByTestId('live-goods')).getAllByText(/^约/).length).toBe(4);
      expect(screen.getByTestId('live-status').textContent).toBe('已结束');
      expect(screen.getByTestId('live-elapsed').textContent).toBe('2:00:05');
      expect(screen.getByRole('link', { name: '查看直播间数据' })).toBeTruthy();
    },
    TIMEOUT,
  );

  it(
    'says 数据较少，暂时无法分析 with fewer than two minutes, and 暂无商品 without goods',
    async () => {
      request.mockResolvedValue(liveDetail({ minutes: [{ minute: 0, online: 5, entering: 5, sales: 0 }], goods: [] }));
      open();
      expect(await screen.findByText(videoMessages.trendTooFew)).toBeTruthy();
      expect(screen.queryByTestId('live-chart')).toBeNull();
      expect(screen.getByText('暂无商品')).toBeTruthy();
    },
    TIMEOUT,
  );

  it(
    'shows 直播不存在 for an unknown room, with a retry',
    async () => {
      request.mockRejectedValueOnce(new ApiError(Code.NOT_FOUND, videoMessages.liveNotFound));
      open();
      expect(await screen.findByText(videoMessages.liveNotFound)).toBeTruthy();
      request.mockResolvedValueOnce(liveDetail());
      fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
      expect(await screen.findByRole('heading', { name: '秋冬铁锅专场' })).toBeTruthy();
    },
    TIMEOUT,
  );

  it(
    'says 链接丢失啦 for an id that is not a room id, without asking the server',
    async () => {
      open('not%20an%20id');
      expect(await screen.findByText(videoMessages.linkMissing)).toBeTruthy();
      expect(request).not.toHaveBeenCalled();
    },
    TIMEOUT,
  );
});

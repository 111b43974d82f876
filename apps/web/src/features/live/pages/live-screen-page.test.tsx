import { LivePath } from '@dso/contract';
import { bandNumber } from '@dso/domain';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { request, requestsTo } from '../../../components/testing/api-client-mock';
import { liveRow, renderLive, resetBetweenLiveTests } from '../testing/render';

vi.mock('../../../lib/api/client', () => import('../../../components/testing/api-client-mock'));
vi.mock('../../../lib/charts/e-chart', async () => (await import('../testing/render')).chartStubModule);

const { LiveScreenPage } = await import('./live-screen-page');
const TIMEOUT = 30_000;
const listCalls = () => requestsTo(LivePath.list).length;

resetBetweenLiveTests();

describe('/live_screen', () => {
  it(
    'shows a tile per session: online now for a live one, the peak for an ended one, and links to its studio',
    async () => {
      request.mockResolvedValue({
        live_count: 1,
        banded: true,
        sessions: [
          liveRow({ sales_amount: bandNumber(12_345_600) }),
          liveRow({
            room_id: '7380000000000000002',
            title: '昨晚专场',
            end_time: 1_763_880_000,
            online: 0,
            peak_online: 9_900,
            recent_online: [],
          }),
        ],
      });
      renderLive(<LiveScreenPage />, { path: '/live_screen', url: '/live_screen' });
      const tiles = await screen.findAllByTestId('live-tile');
      expect(request).toHaveBeenCalledWith(LivePath.list, expect.objectContaining({ query: { limit: 12 } }));
      expect(screen.getByTestId('live-count').textContent).toBe('正在直播 1 场');
      expect(screen.getByText(/销售数据按区间展示/)).toBeTruthy();
      const [live, ended] = tiles as [HTMLElement, HTMLElement];
      expect(within(live).getByTestId('live-tile-online').textContent).toBe('4100');
      expect(within(live).getByText('当前在线')).toBeTruthy();
      expect(within(live).getByText('约¥12.3w')).toBeTruthy();
      expect(within(live).getByTestId('live-sparkline')).toBeTruthy();
      expect(within(live).getByRole('link').getAttribute('href')).toBe('/live_studio?lid=7380000000000000001');
      expect(within(ended).getByText('最高在线')).toBeTruthy();
      expect(within(ended).getByTestId('live-tile-online').textContent).toBe('9900');
      expect(within(ended).getByTestId('live-status').textContent).toBe('已结束');
      expect(within(ended).getByText('暂无在线曲线')).toBeTruthy();
    },
    TIMEOUT,
  );

  it(
    'says 暂无直播 when nothing was live, and asks again every 10 seconds',
    async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
      request.mockResolvedValue({ live_count: 0, banded: false, sessions: [] });
      renderLive(<LiveScreenPage />, { path: '/live_screen', url: '/live_screen' });
      await vi.waitFor(() => expect(screen.getByText('暂无直播')).toBeTruthy());
      request.mockResolvedValue({ live_count: 1, banded: false, sessions: [liveRow()] });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10_000);
      });
      await vi.waitFor(() => expect(screen.getAllByTestId('live-tile')).toHaveLength(1));
      expect(listCalls()).toBe(2);
    },
    TIMEOUT,
  );
});

import { LivePath, videoMessages } from '@dso/contract';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { request, requestsTo } from '../../../components/testing/api-client-mock';
import { liveDetail, renderLive, resetBetweenLiveTests } from '../testing/render';

vi.mock('../../../lib/api/client', () => import('../../../components/testing/api-client-mock'));
vi.mock('../../../lib/charts/e-chart', async () => (await import('../testing/render')).chartStubModule);

const { LiveStudioPage } = await import('./live-studio-page');
const TIMEOUT = 30_000;
const ROOM = '7380000000000000001';
const open = (url: string) => renderLive(<LiveStudioPage />, { path: '/live_studio', url });
const detailCalls = () => requestsTo(LivePath.detail).length;

resetBetweenLiveTests();

describe('/live_studio', () => {
  it(
    'says 链接错误，请检查链接是否正确 without a lid or with a malformed one, without asking the server',
    async () => {
      for (const url of ['/live_studio', '/live_studio?lid=', '/live_studio?lid=a%2Fb']) {
        const view = open(url);
        expect(await screen.findByText(videoMessages.liveLinkError)).toBeTruthy();
        view.unmount();
      }
      expect(request).not.toHaveBeenCalled();
    },
    TIMEOUT,
  );

  it(
    'shows the latest minute’s online and entering, the totals, the curves and the goods',
    async () => {
      request.mockResolvedValue(liveDetail());
      open(`/live_studio?lid=${ROOM}`);
      expect(await screen.findByTestId('live-studio')).toBeTruthy();
      expect(request).toHaveBeenCalledWith(LivePath.detail, expect.objectContaining({ query: { lid: ROOM } }));
      expect(screen.getByTestId('live-figure-online').textContent).toBe('当前在线4100');
      expect(screen.getByTestId('live-figure-entering').textContent).toBe('本分钟进场640');
      expect(screen.getByTestId('live-figure-sales_amount').textContent).toBe('销售额¥12.3w');
      expect(screen.getByTestId('live-chart')).toBeTruthy();
      expect(screen.getByText('铸铁炒锅')).toBeTruthy();
      expect(screen.getByTestId('live-updated').textContent).toMatch(/^每10秒自动刷新 · 更新于 \d\d:\d\d:\d\d$/);
    },
    TIMEOUT,
  );

  it(
    'asks again every 10 seconds while live, with the new figures',
    async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
      request.mockResolvedValue(liveDetail());
      open(`/live_studio?lid=${ROOM}`);
      await vi.waitFor(() => expect(screen.getByTestId('live-studio')).toBeTruthy());
      expect(detailCalls()).toBe(1);
      const later = liveDetail();
      later.minutes = [...later.minutes, { minute: 3, online: 5_200, entering: 700, sales: 100_000 }];
      request.mockResolvedValue(later);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10_000);
      });
      await vi.waitFor(() => expect(screen.getByTestId('live-figure-online').textContent).toBe('当前在线5200'));
      expect(detailCalls()).toBe(2);
    },
    TIMEOUT,
  );

  it(
    'stops asking once the session has ended, and shows no online figure for it',
    async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
      request.mockResolvedValue(liveDetail({ end_time: 1_763_870_400 + 3600 }));
      open(`/live_studio?lid=${ROOM}`);
      await vi.waitFor(() => expect(screen.getByTestId('live-studio')).toBeTruthy());
      await act(async () => {
        await vi.advanceTimersByTimeAsync(30_000);
      });
      expect(detailCalls()).toBe(1);
      expect(screen.getByTestId('live-figure-online').textContent).toBe('当前在线--');
      expect(screen.getByTestId('live-status').textContent).toBe('已结束');
      expect(screen.getByTestId('live-updated').textContent).toMatch(/^直播已结束/);
    },
    TIMEOUT,
  );
});

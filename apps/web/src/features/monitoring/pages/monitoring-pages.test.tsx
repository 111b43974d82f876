import {
  FramePath,
  type MonitorDaily,
  type MonitorDashboard,
  MonitoringPath,
  type MonitorKeywordDetail,
  type MonitorList,
} from '@dso/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { request, requestFile, requestsTo } from '../../../components/testing/api-client-mock';
import { spyOnToast } from '../../../components/testing/toast-spy';
import { useSession } from '../../../stores/session';
import { chartStubModule, renderVideo } from '../../videos/testing';

const saveFile = vi.fn();
vi.mock('../../../lib/api/client', () => import('../../../components/testing/api-client-mock'));
vi.mock('../../../lib/save-file', () => ({ saveFile: (...args: unknown[]) => saveFile(...args) }));
vi.mock('../../../lib/charts/e-chart', () => chartStubModule);

const { default: DataMarketNewPage } = await import('./data-market-new-page');
const { default: KeywordDetailMonitorPage } = await import('./keyword-detail-monitor-page');
const { default: DailyPaperPage } = await import('./daily-paper-page');
const { default: KeywordScreenPage, SCREEN_REFRESH_MS } = await import('./keyword-screen-page');
const { default: DataMarketPage } = await import('./data-market-page');

const days = ['2026-11-22', '2026-11-23', '2026-11-24'];
const dashboard: MonitorDashboard = {
  days,
  summary: { keywords: 2, works: 3, core: 2, ranking: 1, failed: 1 },
  coverage: days.map((day, index) => ({ day, core: index, ranking: index > 1 ? 1 : 0 })),
  curves: [{ id: 5, keyword: '露营', aweme_id: '7001', work_title: '露营装备清单', ranks: [12, 8, 3] }],
  rises: [{ id: 5, keyword: '露营', aweme_id: '7001', work_title: '露营装备清单', previous_rank: 8, rank: 3 }],
  falls: [{ id: 6, keyword: '露营', aweme_id: '7002', work_title: '', previous_rank: 4, rank: null }],
};
const detail: MonitorKeywordDetail = {
  item: {
    id: 1,
    platform: 'DSO',
    keyword: '露营装备',
    aweme_id: null,
    work_title: '',
    created_at: '2026-11-22T00:00:00.000Z',
    latest: { day: '2026-11-24', status: 'ranked', rank: null, ranked_count: 2, checked_at: null },
    previous_rank: null,
    has_previous: true,
  },
  days: days.map((day) => ({ day, status: 'ranked' as const })),
  works: [
    {
      aweme_id: '7001',
      title: '露营装备清单',
      author: '阿野',
      cover: '',
      good_count: 123_000,
      ranks: [5, 2, 1],
      monitored: true,
    },
    {
      aweme_id: '7003',
      title: '新手露营',
      author: '小林',
      cover: '',
      good_count: 800,
      ranks: [null, null, 2],
      monitored: false,
    },
  ],
};

/** Generous: antd tables and dialogs render slowly on the shared two-core machine. */
const TIMEOUT = 30_000;

describe('the monitoring pages', { timeout: TIMEOUT }, () => {
  // Silenced: the pages' toasts are not what these tests check.
  spyOnToast();

  beforeEach(() => {
    request.mockReset();
  });

  it('/dataMarketNew shows the coverage by the glossary, the charts and the movers', async () => {
    request.mockImplementation(async (path: string) => {
      if (path === MonitoringPath.dashboard) return dashboard;
      throw new Error(path);
    });
    renderVideo(<DataMarketNewPage />, { url: '/dataMarketNew' });
    await screen.findByTestId('dashboard-summary');
    expect(screen.getByTestId('stat-core').textContent).toBe('2');
    expect(screen.getByTestId('stat-ranking').textContent).toBe('1');
    expect(screen.getByRole('img', { name: '监控作品排名曲线' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '核心词数与排名数' })).toBeTruthy();
    const rises = screen.getByTestId('dashboard-rises');
    expect(within(rises).getByText('露营装备清单')).toBeTruthy();
    expect(within(rises).getByText('露营 · 第8名 → 第3名')).toBeTruthy();
    expect(within(screen.getByTestId('dashboard-falls')).getByText('掉榜')).toBeTruthy();
  });

  it('/keyWordDetailMonitor shows the ranked works with their moves and monitors one', async () => {
    request.mockImplementation(async (path: string) => {
      if (path === MonitoringPath.keyword) return detail;
      if (path === MonitoringPath.add) return detail.item;
      throw new Error(path);
    });
    renderVideo(<KeywordDetailMonitorPage />, { url: '/keyWordDetailMonitor?id=1' });
    const table = await screen.findByTestId('keyword-works-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('↑1')).toBeTruthy();
    expect(within(rows[0]!).getByText('已监控')).toBeTruthy();
    expect(within(rows[1]!).getByText('新上榜')).toBeTruthy();
    expect(request).toHaveBeenCalledWith(
      MonitoringPath.keyword,
      expect.objectContaining({ query: { id: 1, days: 14 } }),
    );
    fireEvent.click(within(rows[1]!).getByRole('button', { name: /监控此作品/ }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(MonitoringPath.add, {
        method: 'POST',
        body: { keyword: '露营装备', platform: 'DSO', aweme_id: '7003' },
      }),
    );
  });

  it('/keyWordDetailMonitor without an id offers the monitored keywords, or the way to add one', async () => {
    const work = { ...detail.item, id: 2, aweme_id: '7001' };
    let items = [detail.item, work];
    request.mockImplementation(async (path: string) => {
      if (path === MonitoringPath.list) {
        const list: MonitorList = { total_record: items.length, result: items, use: { per_val: 50, use_val: 2 } };
        return list;
      }
      throw new Error(path);
    });
    const { unmount } = renderVideo(<KeywordDetailMonitorPage />, { url: '/keyWordDetailMonitor' });
    const chooser = await screen.findByTestId('keyword-chooser');
    const links = within(chooser).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/keyWordDetailMonitor?id=1']);
    expect(within(links[0]!).getByText('上榜作品2个')).toBeTruthy();
    unmount();
    items = [];
    renderVideo(<KeywordDetailMonitorPage />, { url: '/keyWordDetailMonitor' });
    expect((await screen.findByRole('link', { name: '前往关键词监控' })).getAttribute('href')).toBe(
      '/setting?type=detectiontDouyin',
    );
  });

  it('/dailyPaper classes the day and exports it as xlsx and as pdf', async () => {
    const daily: MonitorDaily = {
      day: '2026-11-24',
      previous_day: '2026-11-23',
      checked: 4,
      failed: 1,
      rises: [dashboard.rises[0]!],
      falls: [],
      entries: [{ id: 7, keyword: '露营', aweme_id: '7003', work_title: '新手露营', previous_rank: null, rank: 9 }],
      losses: [dashboard.falls[0]!],
    };
    request.mockImplementation(async (path: string) => {
      if (path === MonitoringPath.daily) return daily;
      throw new Error(path);
    });
    requestFile.mockResolvedValue({ blob: new Blob(['x']), filename: '数据日报-2026-11-24.xlsx' });
    renderVideo(<DailyPaperPage />, { url: '/dailyPaper?day=2026-11-24' });
    await screen.findByTestId('paper-rises');
    expect(screen.getByTestId('daily-counts').textContent).toBe('检测 4 项，失败 1 项，对比 2026-11-23');
    expect(within(screen.getByTestId('paper-entries')).getByText('露营 · 未上榜 → 第9名')).toBeTruthy();
    expect(within(screen.getByTestId('paper-losses')).getByText('露营 · 第4名 → 未上榜')).toBeTruthy();
    expect(within(screen.getByTestId('paper-falls')).getByText('暂无')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /导出日报/ }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(expect.any(Blob), '数据日报-2026-11-24.xlsx'));
    expect(requestFile).toHaveBeenCalledWith(MonitoringPath.dailyExport, {
      query: { day: '2026-11-24', format: 'xlsx' },
    });
    requestFile.mockResolvedValue({ blob: new Blob(['%PDF-']), filename: '数据日报-2026-11-24.pdf' });
    fireEvent.click(screen.getByRole('button', { name: /导出PDF/ }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(expect.any(Blob), '数据日报-2026-11-24.pdf'));
    expect(requestFile).toHaveBeenLastCalledWith(MonitoringPath.dailyExport, {
      query: { day: '2026-11-24', format: 'pdf' },
    });
  });

  it('/keyWordScreen shows the board and asks again by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const list: MonitorList = { total_record: 1, result: [detail.item], use: { per_val: 50, use_val: 1 } };
      request.mockImplementation(async (path: string) => {
        if (path === MonitoringPath.dashboard) return dashboard;
        if (path === MonitoringPath.list) return list;
        throw new Error(path);
      });
      renderVideo(<KeywordScreenPage />, { url: '/keyWordScreen' });
      await screen.findByTestId('screen-summary');
      expect(within(screen.getByTestId('screen-items')).getByText('上榜作品2个')).toBeTruthy();
      const asked = () => requestsTo(MonitoringPath.dashboard).length;
      expect(asked()).toBe(1);
      await vi.advanceTimersByTimeAsync(SCREEN_REFRESH_MS + 100);
      await waitFor(() => expect(asked()).toBe(2));
    } finally {
      vi.useRealTimers();
    }
  });

  describe('/dataMarket, the old dashboard behind the market-old-data flag', () => {
    const work = { ...detail.item, id: 2, aweme_id: '7001', work_title: '露营装备清单', previous_rank: 8 };
    const answer = (example: boolean) =>
      request.mockImplementation(async (path: string) => {
        if (path === FramePath.tiktokUserInfoList) return [{ nickname: '账号', avatar: '', unique_id: 'u1', example }];
        if (path === MonitoringPath.dashboard) return dashboard;
        if (path === MonitoringPath.list) {
          const latest = {
            day: '2026-11-24',
            status: 'ranked' as const,
            rank: 3,
            ranked_count: null,
            checked_at: null,
          };
          const items = [detail.item, { ...work, latest }];
          const list: MonitorList = { total_record: 2, result: items, use: { per_val: 50, use_val: 2 } };
          return list;
        }
        throw new Error(path);
      });
    const open = () =>
      renderVideo(
        <Routes>
          <Route path="/dataMarket" element={<DataMarketPage />} />
          <Route path="/dataMarketNew" element={<p>新版看板</p>} />
        </Routes>,
        { url: '/dataMarket' },
      );

    it('leads to /dataMarketNew while the flag is off (the first account is the example)', async () => {
      useSession.setState({ marketOldData: false });
      answer(true);
      open();
      await screen.findByText('新版看板');
      expect(screen.queryByTestId('data-market-old-page')).toBeNull();
      expect(request).not.toHaveBeenCalledWith(MonitoringPath.dashboard, expect.anything());
    });

    it('shows the items, their latest ranks and the week’s movers while the flag is on', async () => {
      useSession.setState({ marketOldData: false });
      answer(false);
      open();
      await screen.findByTestId('data-market-old-page');
      expect(useSession.getState().marketOldData).toBe(true);
      expect((await screen.findByTestId('old-dashboard-summary')).textContent).toBe(
        '监控关键词 2 个 · 监控作品 3 个 · 核心词数 2 · 排名数 1 · 最近检测失败 1',
      );
      const rows = (await screen.findAllByRole('row')).slice(1);
      expect(rows.map((row) => row.textContent)).toEqual([
        '露营装备关键词排名上榜作品2个-2026-11-24',
        '露营装备露营装备清单第3名↑52026-11-24',
      ]);
      expect(within(screen.getByTestId('old-dashboard-rises')).getByText('露营装备清单')).toBeTruthy();
      expect(request).toHaveBeenCalledWith(MonitoringPath.dashboard, expect.objectContaining({ query: { days: 7 } }));
      expect(screen.getByRole('link', { name: '切换到新版看板' }).getAttribute('href')).toBe('/dataMarketNew');
    });
  });
});

import {
  MonitorAlertPath,
  type MonitorDaily,
  type MonitorDashboard,
  MonitoringPath,
  type MonitorKeywordDetail,
  type MonitorList,
} from '@dso/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_BANNER_TEXT } from '../../../components';
import { request, requestFile } from '../../../components/testing/api-client-mock';
import { chartStubModule, renderVideo } from '../../videos/testing';

vi.mock('../../../lib/api/client', () => import('../../../components/testing/api-client-mock'));
vi.mock('../../../lib/charts/e-chart', () => chartStubModule);

const { default: DataMarketNewPage } = await import('./data-market-new-page');
const { default: KeywordDetailMonitorPage } = await import('./keyword-detail-monitor-page');
const { default: DailyPaperPage } = await import('./daily-paper-page');
const { default: KeywordScreenPage } = await import('./keyword-screen-page');

const days = Array.from({ length: 30 }, (_, index) => `2026-11-${String(index + 1).padStart(2, '0')}`);
const empty: MonitorDashboard = {
  days: days.slice(-14),
  summary: { keywords: 0, works: 0, core: 0, ranking: 0, failed: 0 },
  coverage: [],
  curves: [],
  rises: [],
  falls: [],
};
const sample: MonitorDashboard = {
  days,
  summary: { keywords: 4, works: 8, core: 7, ranking: 4, failed: 0 },
  coverage: days.map((day, index) => ({ day, core: 6 + (index % 2), ranking: 3 + (index % 3) })),
  curves: [
    {
      id: 5,
      keyword: '爽肤水',
      aweme_id: '7001',
      work_title: '跟着博主学爽肤水',
      ranks: days.map((_, index) => (index < 3 ? null : 60 - 2 * index)),
    },
  ],
  rises: [{ id: 5, keyword: '爽肤水', aweme_id: '7001', work_title: '跟着博主学爽肤水', previous_rank: 4, rank: 2 }],
  falls: [{ id: 7, keyword: '唇釉', aweme_id: '7002', work_title: '唇釉避坑指南', previous_rank: 70, rank: 80 }],
};
const item = {
  id: 1,
  platform: 'DSO' as const,
  keyword: '爽肤水',
  aweme_id: null,
  work_title: '',
  created_at: '2026-11-01T00:00:00.000Z',
  latest: { day: '2026-11-30', status: 'ranked' as const, rank: null, ranked_count: 9, checked_at: null },
  previous_rank: null,
  has_previous: true,
};
const detail: MonitorKeywordDetail = {
  item,
  days: days.map((day) => ({ day, status: 'ranked' as const })),
  works: [
    {
      aweme_id: '7001',
      title: '跟着博主学爽肤水',
      author: '阿琳',
      cover: '',
      good_count: 9_000,
      ranks: sample.curves[0]!.ranks,
      monitored: true,
    },
    {
      aweme_id: '7003',
      title: '爽肤水合集',
      author: '小夏',
      cover: '',
      good_count: 800,
      ranks: days.map(() => 12),
      monitored: false,
    },
  ],
};
const daily: MonitorDaily = {
  day: '2026-11-30',
  previous_day: '2026-11-29',
  checked: 12,
  failed: 0,
  rises: sample.rises,
  falls: sample.falls,
  entries: [],
  losses: [],
};

const TIMEOUT = 30_000;
const isExample = (options: { query?: Record<string, unknown> } | undefined) => options?.query?.type === 'example';

describe('the monitoring pages with type=example', { timeout: TIMEOUT }, () => {
  beforeEach(() => {
    request.mockReset();
    requestFile.mockReset();
    request.mockImplementation(async (path: string, options?: { query?: Record<string, unknown> }) => {
      if (path === MonitoringPath.dashboard) return isExample(options) ? sample : empty;
      if (path === MonitoringPath.keyword && isExample(options)) return detail;
      if (path === MonitoringPath.daily && isExample(options)) return daily;
      if (path === MonitoringPath.list) {
        const list: MonitorList = {
          total_record: isExample(options) ? 1 : 0,
          result: isExample(options) ? [item] : [],
          use: { per_val: 0, use_val: 0 },
        };
        return list;
      }
      throw new Error(`unexpected ${path}`);
    });
  });

  it('offers the example on a new account’s empty dashboard and shows it labelled, without the user’s alerts', async () => {
    renderVideo(<DataMarketNewPage />, { url: '/dataMarketNew' });
    const offer = await within(await screen.findByTestId('dashboard-empty')).findByRole('button', {
      name: /查看示例数据/,
    });
    expect(screen.queryByText(DEMO_BANNER_TEXT)).toBeNull();
    fireEvent.click(offer);
    await screen.findByTestId('dashboard-summary');
    expect(request).toHaveBeenCalledWith(
      MonitoringPath.dashboard,
      expect.objectContaining({ query: { days: 30, type: 'example' } }),
    );
    expect(screen.getByText(DEMO_BANNER_TEXT)).toBeTruthy();
    expect(screen.getByTestId('monitor-example-tag').textContent).toBe('示例数据');
    expect(screen.getByTestId('stat-core').textContent).toBe('7');
    expect(screen.getByRole('img', { name: '监控作品排名曲线' })).toBeTruthy();
    const notice = screen.getByTestId('monitor-example-notice');
    expect(within(notice).getByRole('link', { name: '数据日报' }).getAttribute('href')).toBe(
      '/dailyPaper?type=example',
    );
    expect(within(notice).getByRole('link', { name: '返回我的监控' }).getAttribute('href')).toBe('/dataMarketNew');
    expect(request.mock.calls.some(([path]) => path === MonitorAlertPath.list)).toBe(false);
  });

  it('shows an example keyword’s month with monitoring disabled', async () => {
    renderVideo(<KeywordDetailMonitorPage />, { url: '/keyWordDetailMonitor?id=1&type=example' });
    const table = await screen.findByTestId('keyword-works-table');
    expect(request).toHaveBeenCalledWith(
      MonitoringPath.keyword,
      expect.objectContaining({ query: { id: 1, days: 30, type: 'example' } }),
    );
    const rows = within(table).getAllByRole('row').slice(1);
    const watch = within(rows[1]!).getByRole('button', { name: /监控此作品/ });
    expect(watch.hasAttribute('disabled')).toBe(true);
    fireEvent.click(watch);
    expect(request.mock.calls.some(([path]) => path === MonitoringPath.add)).toBe(false);
    expect(screen.getByText(DEMO_BANNER_TEXT)).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回关键词监控' }).getAttribute('href')).toBe(
      '/keyWordDetailMonitor?type=example',
    );
  });

  it('lists the example keywords to choose from, each opening in the example', async () => {
    renderVideo(<KeywordDetailMonitorPage />, { url: '/keyWordDetailMonitor?type=example' });
    const chooser = await screen.findByTestId('keyword-chooser');
    await within(chooser).findByText('上榜作品9个');
    expect(within(chooser).getByText('爽肤水').closest('a')?.getAttribute('href')).toBe(
      '/keyWordDetailMonitor?id=1&type=example',
    );
  });

  it('gives the example’s daily paper on its own days, with the export disabled', async () => {
    renderVideo(<DailyPaperPage />, { url: '/dailyPaper?type=example' });
    await screen.findByTestId('paper-rises');
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(
        MonitoringPath.daily,
        expect.objectContaining({ query: { day: '2026-11-30', type: 'example' } }),
      ),
    );
    expect(screen.getByTestId('daily-counts').textContent).toBe('检测 12 项，对比 2026-11-29');
    expect(screen.getByRole('button', { name: /导出日报/ }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: /导出PDF/ }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(DEMO_BANNER_TEXT)).toBeTruthy();
  });

  it('fills the wall board with the example, and offers it on an empty one', async () => {
    const { unmount } = renderVideo(<KeywordScreenPage />, { url: '/keyWordScreen' });
    await screen.findByTestId('screen-empty');
    unmount();
    renderVideo(<KeywordScreenPage />, { url: '/keyWordScreen?type=example' });
    const summary = await screen.findByTestId('screen-summary');
    expect(within(summary).getByText('8')).toBeTruthy();
    expect(screen.queryByTestId('screen-empty')).toBeNull();
    expect(screen.getByTestId('monitor-example-tag')).toBeTruthy();
    expect(request).toHaveBeenCalledWith(
      MonitoringPath.list,
      expect.objectContaining({ query: { page_no: 1, page_size: 100, type: 'example' } }),
    );
  });
});

import { KeywordDetailPath, type KeywordTrend } from '@dso/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_TEST_TIMEOUT, renderPage } from '../../../components/testing/render-route';
import { drawnOptions } from '../chart-stub';
import { keywordDetailFixture } from '../fixtures';

const request = vi.fn();
vi.mock('../../../lib/api/client', () => ({ request: (...args: unknown[]) => request(...args) }));
vi.mock('../../../lib/charts/e-chart', async () => (await import('../chart-stub')).chartStubModule);

const { TrendCard } = await import('./trend-card');

const ref = { platform: 'DSO' as const, keyword: '露营装备' };
const initial = keywordDetailFixture().trend!;

/** A fetched period: `days` points ending on the data day. */
function period(days: number | null, start: string, count: number): KeywordTrend {
  const points = Array.from({ length: count }, (_, index) => {
    const day = new Date(Date.parse(`${start}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10);
    return { day, value: 50_000 + index, overall: 120_000 + index };
  });
  return { ...initial, days, start_day: points[0]!.day, end_day: points.at(-1)!.day, points };
}

const trendCalls = () =>
  request.mock.calls
    .filter(([path]) => path === KeywordDetailPath.trend)
    .map(([, options]) => (options as { query: Record<string, unknown> }).query);

type DrawnOption = { series: { name: string }[]; xAxis: { data: string[] } };
const drawn = () => drawnOptions.get('trend-chart') as unknown as DrawnOption;

beforeEach(() => {
  request.mockReset();
  drawnOptions.clear();
});

describe('TrendCard', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('opens on 近30天 with both indexes, each with its toggle and definition', async () => {
    renderPage(<TrendCard keywordRef={ref} trend={initial} />);
    await screen.findByTestId('trend-chart');
    expect(drawn().series.map((series) => series.name)).toEqual(['搜索指数', '综合指数']);
    expect(screen.getByRole('radio', { name: '近30天' })).toBeTruthy();
    const toggles = screen.getByTestId('trend-series-toggles');
    expect(within(toggles).getByLabelText('搜索指数说明')).toBeTruthy();
    expect(within(toggles).getByLabelText('综合指数说明')).toBeTruthy();
    expect(screen.getByTestId('trend-period').textContent).toContain('2026-10-22 至 2026-11-20');
    expect(request).not.toHaveBeenCalled();
  });

  it('hides and shows each index with its toggle', async () => {
    renderPage(<TrendCard keywordRef={ref} trend={initial} />);
    await screen.findByTestId('trend-chart');
    fireEvent.click(within(screen.getByTestId('trend-series-toggles')).getAllByRole('checkbox')[1]!);
    await waitFor(() => expect(drawn().series.map((series) => series.name)).toEqual(['搜索指数']));
    fireEvent.click(within(screen.getByTestId('trend-series-toggles')).getAllByRole('checkbox')[0]!);
    expect(await screen.findByText('请至少选择一项指数')).toBeTruthy();
  });

  it('fetches 近90天 and draws its days', async () => {
    request.mockResolvedValue(period(90, '2026-08-23', 90));
    renderPage(<TrendCard keywordRef={ref} trend={initial} />);
    fireEvent.click(await screen.findByText('近90天'));
    await waitFor(() => expect(drawn().xAxis.data).toHaveLength(90));
    expect(trendCalls()).toEqual([{ platform: 'DSO', keyword: '露营装备', country: undefined, days: 90 }]);
    expect(screen.getByTestId('trend-period').textContent).toContain('2026-08-23 至 2026-11-20');
  });

  it('says when a long period holds fewer stored days', async () => {
    request.mockResolvedValue(period(365, '2026-08-23', 90));
    renderPage(<TrendCard keywordRef={ref} trend={initial} />);
    fireEvent.click(await screen.findByText('近365天'));
    expect(await screen.findByText(/仅有90天数据/)).toBeTruthy();
  });

  it('asks for a custom range inside the stored days before fetching one', async () => {
    renderPage(<TrendCard keywordRef={ref} trend={initial} />);
    fireEvent.click(await screen.findByText('自定义'));
    expect(await screen.findByText('请选择 2025-11-21 至 2026-11-20 之间的日期')).toBeTruthy();
    expect(screen.getAllByLabelText('自定义时间范围').length).toBeGreaterThan(0);
    expect(trendCalls()).toEqual([]);
  });
});

import { axisMax } from '@dso/domain';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_TEST_TIMEOUT, renderPage } from '../../../components/testing/render-route';
import { drawnOptions } from '../chart-stub';
import { keywordDetailFixture } from '../fixtures';

vi.mock('../../../lib/charts/e-chart', async () => (await import('../chart-stub')).chartStubModule);

const { CompeteAnalyzeTab } = await import('./compete-analyze-tab');

interface DualAxisOption {
  yAxis: { max: number; splitNumber: number; interval: number }[];
  xAxis: { data: string[] };
  series: { name: string; yAxisIndex: number; barMaxWidth: number; data: number[] }[];
}

beforeEach(() => {
  drawnOptions.clear();
});

describe('CompeteAnalyzeTab', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('shows the stars with the reasons behind the grade and the summary', () => {
    const detail = keywordDetailFixture();
    renderPage(<CompeteAnalyzeTab row={detail.keyword} analysis={detail.competeAnalyze} />);
    expect(screen.getByText('竞争中等')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: '竞争度中，3颗星' }).length).toBeGreaterThan(0);
    const reasons = within(screen.getByTestId('compete-reasons')).getAllByRole('listitem');
    expect(reasons.map((item) => item.textContent)).toEqual(['已有一定数量的相关作品', '带货意图强，商家争抢']);
    expect(screen.getByText('该词竞争高于户外运动行业中位水平，搜索需求高于中位水平')).toBeTruthy();
  });

  it('explains the drivers: works per index, commerce intent and growth', () => {
    const detail = keywordDetailFixture();
    renderPage(<CompeteAnalyzeTab row={detail.keyword} analysis={detail.competeAnalyze} />);
    const density = screen.getByText('已有一定数量作品').closest('.kd-driver') as HTMLElement;
    expect(within(density).getByText('2.03')).toBeTruthy();
    expect(screen.getByText('商家争抢，投放竞争激烈')).toBeTruthy();
  });

  it('compares with the industry median on a dual-axis chart of 5 splits and 24 px bars', () => {
    const detail = keywordDetailFixture();
    renderPage(<CompeteAnalyzeTab row={detail.keyword} analysis={detail.competeAnalyze} />);
    const option = drawnOptions.get('compete-chart') as DualAxisOption;
    expect(option.xAxis.data).toEqual(['本词', '户外运动行业中位数']);
    expect(option.yAxis).toHaveLength(2);
    expect(option.yAxis.map((axis) => axis.splitNumber)).toEqual([5, 5]);
    expect(option.yAxis[0]!.max).toBe(axisMax([123_456, 5400, 250_000, 9800]));
    expect(option.yAxis[1]!.max / option.yAxis[1]!.interval).toBe(5);
    expect(option.series.map((series) => series.barMaxWidth)).toEqual([24, 24, 24]);
    expect(option.series.map((series) => series.yAxisIndex)).toEqual([0, 0, 1]);
    expect(option.series[2]!.data).toEqual([2.03, 1.5]);
  });

  it('reads banded figures by their lower edge for the chart', () => {
    const detail = keywordDetailFixture();
    const row = { ...detail.keyword, search_index: '12.3w', related_work_count: '25.0w' };
    renderPage(<CompeteAnalyzeTab row={row} analysis={detail.competeAnalyze} />);
    const option = drawnOptions.get('compete-chart') as DualAxisOption;
    expect(option.series[0]!.data).toEqual([123_000, 5400]);
    expect(screen.getAllByText('12.3w').length).toBeGreaterThan(0);
  });

  it('marks what is good news and what is not against the median', () => {
    const detail = keywordDetailFixture();
    renderPage(<CompeteAnalyzeTab row={detail.keyword} analysis={detail.competeAnalyze} />);
    const table = screen.getByRole('table');
    const verdicts = within(table)
      .getAllByText('高于中位')
      .map((badge) => badge.className);
    // search index and growth above the median are good; works per index and competition are not.
    expect(verdicts).toEqual([
      expect.stringContaining('--good'),
      expect.stringContaining('--bad'),
      expect.stringContaining('--bad'),
      expect.stringContaining('--good'),
    ]);
  });

  it('says the medians are still being computed when there are none', () => {
    const detail = keywordDetailFixture();
    const analysis = { ...detail.competeAnalyze, industry_median: null, compared: null };
    renderPage(<CompeteAnalyzeTab row={detail.keyword} analysis={analysis} />);
    expect(screen.getByText('行业中位数据计算中，请稍后再来查看')).toBeTruthy();
    expect(screen.getByText('与全库中位数对比')).toBeTruthy();
    expect(drawnOptions.has('compete-chart')).toBe(false);
  });
});

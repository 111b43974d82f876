import { KeywordDetailPath } from '@dso/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lackingRightError } from '../../../components/testing/refusals';
import { PAGE_TEST_TIMEOUT, renderPage } from '../../../components/testing/render-route';
import { drawnOptions } from '../chart-stub';
import { portraitFixture } from '../fixtures';

const request = vi.fn();
vi.mock('../../../lib/api/client', () => ({ request: (...args: unknown[]) => request(...args) }));
vi.mock('../../../lib/charts/e-chart', async () => (await import('../chart-stub')).chartStubModule);
vi.mock('../../../lib/charts/china-map', () => ({
  chinaMapName: { province: 'china', city: 'china-cities' },
  useChinaMap: () => 'ready',
  chinaMapRegionNames: (level: string) =>
    level === 'province'
      ? ['广东', '浙江', '江苏', '山东', '河南', '四川', '湖北', '福建', '北京', '上海']
      : ['深圳', '广州', '杭州'],
}));

const { AudienceTab } = await import('./audience-tab');

const ref = { platform: 'DSO' as const, keyword: '露营装备' };

function answerPortrait(portrait = portraitFixture()) {
  request.mockImplementation(async (path: string) => {
    if (path === KeywordDetailPath.portrait) return portrait;
    throw new Error(`unexpected call ${path}`);
  });
}

interface MapOption {
  series: { map: string; data: { name: string; value: number }[] }[];
  visualMap: { max: number };
}

beforeEach(() => {
  request.mockReset();
  drawnOptions.clear();
});

describe('AudienceTab', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('shows the gender shares with the gender widget', async () => {
    answerPortrait();
    renderPage(<AudienceTab keywordRef={ref} />);
    expect(await screen.findByRole('img', { name: '女性占比62.50%' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '男性占比37.50%' })).toBeTruthy();
  });

  it('draws the age bands as bars labelled with their percent', async () => {
    answerPortrait();
    renderPage(<AudienceTab keywordRef={ref} />);
    await screen.findByTestId('age-chart');
    const option = drawnOptions.get('age-chart') as {
      xAxis: { data: string[] };
      series: { data: number[]; barMaxWidth: number }[];
    };
    expect(option.xAxis.data).toEqual(['18-23', '24-30', '31-40', '41-50', '50+']);
    expect(option.series[0]!.data).toEqual([21, 34, 27, 12, 6]);
    expect(option.series[0]!.barMaxWidth).toBe(24);
  });

  it('lists the top 10 provinces scaled to the largest, with the percent to 2 decimals', async () => {
    answerPortrait();
    renderPage(<AudienceTab keywordRef={ref} />);
    const list = await screen.findByTestId('province-top10');
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(10);
    expect(rows[0]!.textContent).toContain('广东省');
    expect(rows[0]!.textContent).toContain('18.00%');
    expect(within(list).queryByText('湖南省')).toBeNull();
    const bars = [...list.querySelectorAll<HTMLElement>('.kd-share-list__bar')].map((bar) => bar.style.width);
    expect(bars[0]).toBe('100%');
    expect(Number.parseFloat(bars[1]!)).toBeCloseTo((0.11 / 0.18) * 100, 5);
  });

  it('colours the province map by share, with names as the map file spells them', async () => {
    answerPortrait();
    renderPage(<AudienceTab keywordRef={ref} />);
    await screen.findByTestId('region-map');
    const option = drawnOptions.get('region-map') as MapOption;
    expect(option.series[0]!.map).toBe('china');
    expect(option.series[0]!.data[0]).toEqual({ name: '广东', value: 18 });
    expect(option.visualMap.max).toBe(18);
  });

  it('switches the map and the list to cities', async () => {
    answerPortrait();
    renderPage(<AudienceTab keywordRef={ref} />);
    fireEvent.click(await screen.findByText('城市'));
    const list = await screen.findByTestId('city-top10');
    expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain('深圳市');
    const option = drawnOptions.get('region-map') as MapOption;
    expect(option.series[0]!.map).toBe('china-cities');
    expect(option.series[0]!.data.map((item) => item.name)).toEqual(['深圳', '广州', '杭州']);
  });

  it('keeps the order of the city levels', async () => {
    answerPortrait();
    renderPage(<AudienceTab keywordRef={ref} />);
    const list = await screen.findByTestId('city-level-list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((row) => row.textContent?.slice(0, 3)),
    ).toEqual(['一线2', '新一线', '二线2', '三线1', '四线9', '五线5']);
  });

  it('marks a portrait estimated from the industry with 估算, and a stored one without', async () => {
    answerPortrait(portraitFixture({ estimated: true }));
    const { unmount } = renderPage(<AudienceTab keywordRef={ref} />);
    const mark = await screen.findByTestId('portrait-estimated');
    expect(mark.textContent).toBe('估算');
    expect(mark.closest('.kd-card')?.textContent).toContain('截至 2026-11-20');
    unmount();
    answerPortrait();
    renderPage(<AudienceTab keywordRef={{ ...ref, keyword: '露营帐篷' }} />);
    await screen.findByRole('img', { name: '女性占比62.50%' });
    expect(screen.queryByTestId('portrait-estimated')).toBeNull();
  });

  it('says 暂无观众画像 when the keyword has no portrait', async () => {
    answerPortrait(
      portraitFixture({
        as_of: null,
        gender_more: [],
        age_more: [],
        province_more: [],
        city_more: [],
        city_level_more: [],
        empty_text: '暂无观众画像',
      }),
    );
    renderPage(<AudienceTab keywordRef={ref} />);
    expect(await screen.findByText('暂无观众画像')).toBeTruthy();
  });

  it('says 暂无地区分布 when only the regions are missing', async () => {
    answerPortrait(portraitFixture({ province_more: [], city_more: [] }));
    renderPage(<AudienceTab keywordRef={ref} />);
    expect(await screen.findByText('暂无地区分布')).toBeTruthy();
    expect(screen.queryByTestId('region-map')).toBeNull();
  });

  it('shows the no-permission panel when the grade lacks the portrait', async () => {
    request.mockRejectedValue(lackingRightError('VIDEO_LIBRARY_DETAIL_USER_PORTRAIT', 'SVIP'));
    renderPage(<AudienceTab keywordRef={ref} />, { viewer: 'FREE' });
    expect(await screen.findByText('权限不足，升级会员版本可查看更多数据~')).toBeTruthy();
    expect(screen.getByAltText('用户画像示例图')).toBeTruthy();
  });
});

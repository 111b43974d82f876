import type { CreatorProfile, CreatorRow, UserInfo } from '@dso/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render } from '@testing-library/react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach } from 'vitest';
import type { EChartProps } from '../../../lib/charts';
import { chartPalettes } from '../../../lib/charts/chart-theme';
import { useSession } from '../../../stores/session';

configure({ asyncUtilTimeout: 5000 });
// jsdom cannot compute pseudo-element styles, which antd asks for.
const computeStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computeStyle(element);

/** Stands in for the ECharts canvas (jsdom has none): a labelled box per chart drawn. */
export const chartStubModule = {
  EChart: ({ ariaLabel, testId }: EChartProps) => <div role="img" aria-label={ariaLabel} data-testid={testId} />,
  useChartTheme: () => ({ name: 'dark' as const, palette: chartPalettes.dark }),
};

/** Shows the current address, so a test can read what the page wrote into it. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

/** Renders a creators page at an address for a visitor or a signed-in member of a grade. */
export function renderCreators(
  ui: ReactElement,
  { path = '*', url = '/', grade }: { path?: string; url?: string; grade?: string } = {},
) {
  if (grade) {
    useSession.setState({
      token: 'test-token',
      userInfo: { id: 7, grade, grade_info_vo: { grade_enum: grade, end_day: 30, end_time: 0 } } as UserInfo,
    });
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  return render(
    <ConfigProvider locale={zhCN}>
      <AntdApp>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[url]}>
            <Routes>
              <Route path={path} element={ui} />
            </Routes>
            <Address />
          </MemoryRouter>
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>,
  );
}

/** A creator row with plausible figures. */
export function creatorRow(overrides: Partial<CreatorRow> = {}): CreatorRow {
  return {
    user_id: 'u-ameng',
    unique_id: 'ameng88',
    nick_name: '阿明的厨房',
    avatar_larger: '',
    field: '美食餐饮',
    province: '广东',
    city: '深圳',
    verified: true,
    is_commerce: true,
    total_follower_count: 1_234_000,
    follower_growth_30d: 12_300,
    total_favorited: 56_700_000,
    aweme_count: 320,
    size_class: { code: 'shoulder', label: '肩部达人' },
    sales_class: { code: 'mid', label: '腰部' },
    as_of: '2026-11-20',
    is_demo: false,
    ...overrides,
  };
}

/** A creator profile with plausible figures. */
export function creatorProfile(overrides: Partial<CreatorProfile> = {}): CreatorProfile {
  return {
    ...creatorRow(),
    signature: '每天一道家常菜',
    gender: 1,
    verify_info: '优质美食创作者',
    mcn: null,
    video_comment_total_count: 450_000,
    video_share_total_count: 98_000,
    avg_good_count: 177_000,
    avg_comment_count: 1_400,
    avg_share_count: 300,
    avg_collect_count: 2_100,
    sales_amount: 12_345_600,
    live_count: 12,
    collected: false,
    is_example: false,
    ...overrides,
  };
}

/** A page of the list shape. */
export function listPage<Row>(
  result: Row[],
  overrides: { total_record?: number; data_max?: number; user_grade?: string } = {},
) {
  return {
    total_record: overrides.total_record ?? result.length,
    total_estimated: false,
    data_max: overrides.data_max ?? 30,
    user_grade: overrides.user_grade ?? 'FREE',
    result,
  };
}

afterEach(() => {
  cleanup();
  useSession.setState({ token: null, userInfo: null });
});

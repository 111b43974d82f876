import type { LiveDetail, LiveRow, UserInfo } from '@dso/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render } from '@testing-library/react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach } from 'vitest';
import type { EChartProps } from '../../../lib/charts';
import { chartPalettes } from '../../../lib/charts/chart-theme';
import { useSession } from '../../../stores/session';

configure({ asyncUtilTimeout: 5000 });
// jsdom cannot compute pseudo-element styles, which antd's table asks for.
const computeStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computeStyle(element);

/** Stands in for the ECharts canvas (jsdom has none): a labelled box per chart drawn. */
export const chartStubModule = {
  EChart: ({ ariaLabel, testId }: EChartProps) => <div role="img" aria-label={ariaLabel} data-testid={testId} />,
  useChartTheme: () => ({ name: 'dark' as const, palette: chartPalettes.dark }),
};

/** Renders a live page at an address for a visitor or a signed-in member, with a fresh query client. */
export function renderLive(
  ui: ReactElement,
  { path = '*', url = '/', viewer = 'visitor' }: { path?: string; url?: string; viewer?: 'visitor' | 'user' } = {},
) {
  if (viewer === 'user') {
    useSession.setState({
      token: 'test-token',
      userInfo: { id: 7, grade: 'VIP', grade_info_vo: { grade_enum: 'VIP', end_day: 30, end_time: 0 } } as UserInfo,
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
          </MemoryRouter>
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>,
  );
}

const START = 1_763_870_400; // 2025-11-23 12:00 Shanghai

/** A session with plausible figures, live now unless `end_time` is given. */
export function liveDetail(overrides: Partial<LiveDetail> = {}): LiveDetail {
  return {
    room_id: '7380000000000000001',
    title: '秋冬铁锅专场',
    cover: '',
    start_time: START,
    end_time: null,
    watch_count: 256_000,
    peak_online: 4_800,
    sales_amount: 12_345_600,
    goods: [
      { title: '铸铁炒锅', price: 12_900, sales: 320, cover: null },
      { title: '竹制砧板', price: 5_990, sales: 1_500, cover: null },
    ],
    minutes: [
      { minute: 0, online: 1_200, entering: 300, sales: 0 },
      { minute: 1, online: 3_400, entering: 820, sales: 258_000 },
      { minute: 2, online: 4_100, entering: 640, sales: 412_500 },
    ],
    creator: { user_id: 'u1', nick_name: '阿明厨房', avatar_larger: '', total_follower_count: 1_230_000 },
    banded: false,
    is_demo: false,
    ...overrides,
  };
}

/** A wall tile's session. */
export function liveRow(overrides: Partial<LiveRow> = {}): LiveRow {
  return {
    room_id: '7380000000000000001',
    title: '秋冬铁锅专场',
    cover: '',
    start_time: START,
    end_time: null,
    online: 4_100,
    peak_online: 4_800,
    watch_count: 256_000,
    sales_amount: 12_345_600,
    goods_count: 2,
    creator: { user_id: 'u1', nick_name: '阿明厨房', avatar_larger: '' },
    recent_online: [
      { minute: 0, online: 1_200 },
      { minute: 1, online: 3_400 },
      { minute: 2, online: 4_100 },
    ],
    is_demo: false,
    ...overrides,
  };
}

afterEach(() => {
  cleanup();
  useSession.setState({ token: null, userInfo: null });
});

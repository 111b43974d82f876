import type { UserInfo } from '@dso/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { EChartProps } from '../../lib/charts';
import { chartPalettes } from '../../lib/charts/chart-theme';
import { useSession } from '../../stores/session';

// Pages fetch before they draw; a loaded machine needs more than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });
// jsdom cannot compute pseudo-element styles, which antd's table and modals ask for.
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

/** Signs a member of a grade in, or leaves a visitor. */
function signIn(grade: string | null) {
  if (grade) {
    useSession.setState({
      token: 'test-token',
      userInfo: { id: 7, grade, grade_info_vo: { grade_enum: grade, end_day: 30, end_time: 0 } } as UserInfo,
    });
  } else useSession.setState({ token: null, userInfo: null });
}

export interface RouteRenderOptions {
  /** The route pattern the page is mounted at. */
  path?: string;
  /** The address the router starts at. */
  url?: string;
  /** The signed-in member's grade; none for a visitor. */
  grade?: string | null;
  /** Leaves the session as the test set it up (a grade is then not read). */
  keepSession?: boolean;
  /** Adds an `address` test id showing the current path and query. */
  showAddress?: boolean;
}

/**
 * Renders a page the way the app mounts it (zh_CN antd, the antd App, a fresh query client that does
 * not retry, a router at an address) for a visitor or a signed-in member of a grade.
 */
export function renderAtRoute(
  ui: ReactElement,
  { path = '*', url = '/', grade = null, keepSession = false, showAddress = false }: RouteRenderOptions = {},
) {
  if (!keepSession) signIn(grade);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  return render(
    <ConfigProvider locale={zhCN}>
      <AntdApp>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[url]}>
            <Routes>
              <Route path={path} element={ui} />
            </Routes>
            {showAddress && <Address />}
          </MemoryRouter>
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>,
  );
}

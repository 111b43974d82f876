import type { GradeCode, PermissionNode, UserInfo } from '@dso/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen } from '@testing-library/react';
import { App as AntdApp, theme as antdTheme, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach } from 'vitest';
import type { EChartProps } from '../../lib/charts';
import { chartPalettes } from '../../lib/charts/chart-theme';
import { useSession } from '../../stores/session';
import { cleanUpRender } from './clean-up-render';

// Pages fetch before they draw; a loaded machine needs more than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });
// jsdom cannot compute pseudo-element styles, which antd's tables and modals ask for; answering with
// the element's own style keeps the test output free of "Not implemented" noise.
const computeStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computeStyle(element);

/** antd tables take a while to mount in jsdom; the first render of a file pays for the imports too. */
export const PAGE_TEST_TIMEOUT = 20_000;

/** Stands in for the ECharts canvas (jsdom has none): a labelled box per chart drawn. */
export const chartStubModule = {
  EChart: ({ ariaLabel, testId }: EChartProps) => <div role="img" aria-label={ariaLabel} data-testid={testId} />,
  useChartTheme: () => ({ name: 'dark' as const, palette: chartPalettes.dark }),
};

/** Who is looking: a visitor, or a signed-in member of a grade. */
export type Viewer = 'visitor' | GradeCode;

function signIn(viewer: Viewer) {
  if (viewer === 'visitor') {
    useSession.setState({ token: null, userInfo: null });
    return;
  }
  const userInfo = { id: 7, grade: viewer, grade_info_vo: { grade_enum: viewer, end_day: 30, end_time: 0 } };
  useSession.setState({ token: 'test-token', userInfo: userInfo as UserInfo });
}

/** Shows the current address (path and query) as the `address` test id, so a test can read where links led. */
function Address() {
  const location = useLocation();
  return (
    <output data-testid="address" hidden>
      {`${location.pathname}${location.search}`}
    </output>
  );
}

export interface RouteRenderOptions {
  /** The route pattern the element is mounted at; other addresses render nothing. */
  path?: string;
  /** The address the router starts at. */
  url?: string;
  /** The signed-in viewer; a visitor by default. */
  viewer?: Viewer;
  /** Leaves the session as the test set it up (the viewer is then not read). */
  keepSession?: boolean;
  /** The antd theme algorithm; antd's default look when not given. */
  theme?: 'dark' | 'light';
  /** Server answers already in the query cache, as if fetched (e.g. the site details). */
  prefill?: Array<{ queryKey: readonly unknown[]; data: unknown }>;
  /** How long fetched answers stay fresh; they go stale at once by default. */
  staleTime?: number;
  /** The viewer's permission tree; left as the test set it up when not given. */
  roles?: PermissionNode[];
}

/**
 * Renders UI the way the app mounts it (zh_CN antd, the antd App, a fresh query client that does not
 * retry, a router at an address) for a visitor or a signed-in member. The providers wrap the element,
 * so `rerender` keeps them; the current address is the `address` test id. The query client is returned
 * with the render result, for tests that read or seed its cache afterwards.
 */
export function renderAtRoute(
  ui: ReactElement,
  {
    path = '*',
    url = '/',
    viewer = 'visitor',
    keepSession = false,
    theme,
    prefill = [],
    staleTime,
    roles,
  }: RouteRenderOptions = {},
) {
  if (!keepSession) signIn(viewer);
  if (roles) useSession.setState({ roles });
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, ...(staleTime !== undefined && { staleTime }) },
    },
  });
  for (const entry of prefill) client.setQueryData(entry.queryKey, entry.data);
  const themeConfig = {
    // No runtime CSS-in-JS: jsdom's getComputedStyle (asked by every role query and by antd's tables) matched each
    // element against every injected antd rule, which took 90 % of a console page test; jsdom does no layout, so the
    // rules showed nothing a test reads. The browser journeys see the real styles.
    zeroRuntime: true,
    ...(theme && { algorithm: theme === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm }),
  };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ConfigProvider locale={zhCN} theme={themeConfig}>
      <AntdApp>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[url]}>
            <Routes>
              <Route path={path} element={children} />
              {path !== '*' && <Route path="*" element={null} />}
            </Routes>
            <Address />
          </MemoryRouter>
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
  return { ...render(ui, { wrapper }), client };
}

/** Renders a page at an address in the dark theme, signed in as a VIP unless told otherwise. */
export function renderPage(
  ui: ReactElement,
  { path = '*', url = '/', viewer = 'VIP' }: { path?: string; url?: string; viewer?: Viewer } = {},
) {
  return renderAtRoute(ui, { path, url, viewer, theme: 'dark' });
}

/**
 * A link by its text. Role queries walk antd's large tables slowly enough to time out in jsdom, so
 * links are found by their text content.
 */
export function findLink(text: string) {
  return screen.findByText(
    (_, element) => element?.tagName === 'A' && element.textContent === text,
  ) as Promise<HTMLAnchorElement>;
}

afterEach(cleanUpRender);

import type { GradeCode, UserInfo } from '@dso/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntdApp, theme as antdTheme, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach } from 'vitest';
import { useDialogs } from '../../stores/dialogs';
import { useSession } from '../../stores/session';
import { cleanUpRender } from './clean-up-render';

// jsdom cannot compute pseudo-element styles, which antd's scroll lock asks for when a modal opens;
// answering with the element's own style keeps the test output free of "Not implemented" noise.
const computeStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computeStyle(element);

/** Who is looking at the widget: a visitor, or a signed-in user of a grade. */
export type Viewer = 'visitor' | GradeCode;

interface RenderOptions {
  viewer?: Viewer;
  theme?: 'dark' | 'light';
  /** Server answers already in the query cache, as if fetched (e.g. the site details). */
  prefill?: Array<{ queryKey: readonly unknown[]; data: unknown }>;
}

function signIn(viewer: Viewer) {
  if (viewer === 'visitor') {
    useSession.setState({ token: null, userInfo: null });
    return;
  }
  const userInfo = { id: 1, grade: viewer, grade_info_vo: { grade_enum: viewer, end_day: 30, end_time: 0 } };
  useSession.setState({ token: 'test-token', userInfo: userInfo as UserInfo });
}

function CurrentPath() {
  const location = useLocation();
  return (
    <div data-testid="current-path" hidden>
      {location.pathname}
    </div>
  );
}

/**
 * Renders a widget the way the app does (zh_CN antd theme, a router) for a given viewer. The
 * current path is exposed as `current-path` so link clicks can be asserted.
 */
export function renderWidget(
  ui: ReactElement,
  { viewer = 'visitor', theme = 'dark', prefill = [] }: RenderOptions = {},
) {
  signIn(viewer);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  for (const entry of prefill) client.setQueryData(entry.queryKey, entry.data);
  const algorithm = theme === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm;
  // A wrapper, so `rerender` keeps the theme and the router.
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ConfigProvider locale={zhCN} theme={{ algorithm }}>
      <QueryClientProvider client={client}>
        <AntdApp>
          <MemoryRouter initialEntries={['/list']}>
            <Routes>
              <Route path="*" element={children} />
            </Routes>
            <CurrentPath />
          </MemoryRouter>
        </AntdApp>
      </QueryClientProvider>
    </ConfigProvider>
  );
  return render(ui, { wrapper });
}

/** The dialogs opened so far, with their payloads. */
export function openedDialogs() {
  const { open, payload } = useDialogs.getState();
  return { open, payload };
}

afterEach(cleanUpRender);

import type { GradeCode, KeywordRow, UserInfo } from '@dso/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen } from '@testing-library/react';
import { App as AntdApp, theme as antdTheme, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach } from 'vitest';
import { cleanUpRender } from '../../components/testing/clean-up-render';
import { useSession } from '../../stores/session';

/**
 * Test helpers of the keyword pages: render a page at an address, signed in as a grade or a visitor,
 * with a fresh query client; `current-location` shows where links and tabs led.
 */
export type TestViewer = 'visitor' | GradeCode;

// jsdom cannot compute pseudo-element styles, which antd's table asks for when it measures the
// scrollbar; answering with the element's own style keeps the output free of "Not implemented" noise.
const computeStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computeStyle(element);

/** antd tables take a while to mount in jsdom; the first render of a file pays for the imports too. */
export const PAGE_TEST_TIMEOUT = 20_000;
configure({ asyncUtilTimeout: 5000 });

function signIn(viewer: TestViewer) {
  if (viewer === 'visitor') {
    useSession.setState({ token: null, userInfo: null });
    return;
  }
  const userInfo = { id: 7, grade: viewer, grade_info_vo: { grade_enum: viewer, end_day: 30, end_time: 0 } };
  useSession.setState({ token: 'test-token', userInfo: userInfo as UserInfo });
}

function CurrentLocation() {
  const location = useLocation();
  return (
    <div data-testid="current-location" hidden>
      {`${location.pathname}${location.search}`}
    </div>
  );
}

export function renderPage(
  ui: ReactElement,
  { path = '*', url = '/', viewer = 'VIP' }: { path?: string; url?: string; viewer?: TestViewer } = {},
) {
  signIn(viewer);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  return render(
    <ConfigProvider locale={zhCN} theme={{ algorithm: antdTheme.darkAlgorithm }}>
      <AntdApp>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[url]}>
            <Routes>
              <Route path={path} element={ui} />
              {path !== '*' && <Route path="*" element={null} />}
            </Routes>
            <CurrentLocation />
          </MemoryRouter>
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>,
  );
}

/**
 * A link by its text. Role queries walk antd's large tables slowly enough to time out in jsdom, so
 * keyword links are found by their text content.
 */
export function findLink(text: string) {
  return screen.findByText(
    (_, element) => element?.tagName === 'A' && element.textContent === text,
  ) as Promise<HTMLAnchorElement>;
}

/** A keyword row with plausible figures; override what a test is about. */
export function keywordRow(overrides: Partial<KeywordRow> = {}): KeywordRow {
  return {
    id: 1,
    keyword: '露营装备',
    platform: 'DSO',
    country: '',
    search_index: 123_456,
    month_cover_count: 8_900_000,
    competition: 3,
    competition_reasons: ['已有一定数量的相关作品', '带货意图强，商家争抢'],
    related_work_count: 250_000,
    category: 'diversify_45',
    industry: '户外运动',
    commerce_intent: true,
    blue_ocean: false,
    growth_rate: 0.125,
    first_seen: '2026-03-02',
    as_of: '2026-11-20',
    ...overrides,
  };
}

afterEach(cleanUpRender);

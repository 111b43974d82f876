import type { GradeCode, KeywordList, KeywordRow, UserInfo } from '@dso/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, render } from '@testing-library/react';
import { App as AntdApp, ConfigProvider, theme } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, type Mock, vi } from 'vitest';
import { cleanUpRender } from '../../../components/testing/clean-up-render';
import { type RequestOptions, request } from '../../../lib/api/client';
import { useSession } from '../../../stores/session';

// jsdom cannot compute pseudo-element styles, which antd's scroll lock asks for when a modal opens.
const computeStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computeStyle(element);

/** Who is looking: a visitor, or a signed-in user of a grade. */
export type Viewer = 'visitor' | GradeCode;

export function signIn(viewer: Viewer) {
  if (viewer === 'visitor') {
    useSession.setState({ token: null, userInfo: null, roles: [] });
    return;
  }
  const userInfo = { id: 7, grade: viewer, grade_info_vo: { grade_enum: viewer, end_day: 30, end_time: 0 } };
  useSession.setState({ token: 'test-token', userInfo: userInfo as UserInfo, roles: [] });
}

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {`${location.pathname}${location.search}`}
    </output>
  );
}

interface RenderOptions {
  /** The URL the router starts at. */
  path?: string;
  /** The route pattern the element is rendered under (for `useParams`). */
  route?: string;
  viewer?: Viewer;
}

/**
 * Renders keyword UI as the app does (zh_CN antd, dark theme, a router, a fresh query client) for
 * a viewer. The router's location is exposed as `location`.
 */
export function renderKeywords(
  ui: ReactElement,
  { path = '/KeywordDouyin/searchWord', route = '*', viewer = 'visitor' }: RenderOptions = {},
) {
  signIn(viewer);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ConfigProvider locale={zhCN} theme={{ algorithm: theme.darkAlgorithm }}>
      <AntdApp>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={route} element={children} />
              {route !== '*' && <Route path="*" element={<div data-testid="elsewhere" />} />}
            </Routes>
            <LocationProbe />
          </MemoryRouter>
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
  return { ...render(ui, { wrapper }), client };
}

export type RequestMock = Mock<(path: string, options?: RequestOptions) => Promise<unknown>>;

/**
 * A keyword page test's setup: the `request` its file mocked (`vi.mock` of lib/api/client), typed as a
 * mock, and the time a whole page with an antd table needs to render in jsdom on a small machine.
 */
export function setUpPageTest(): RequestMock {
  vi.setConfig({ testTimeout: 60_000 });
  configure({ asyncUtilTimeout: 15_000 });
  return request as unknown as RequestMock;
}
type Handler = (options: RequestOptions) => unknown;

/** Answers the mocked `request` by path; paths without a handler fail the call as the server would. */
export function answerRequests(mock: RequestMock, handlers: Record<string, Handler>) {
  mock.mockImplementation(async (path: string, options: RequestOptions = {}) => {
    const handler = handlers[path];
    if (!handler) throw new Error(`unexpected call ${path}`);
    return handler(options);
  });
}

/** The calls made to a path, with their options. */
export function callsTo(mock: RequestMock, path: string): RequestOptions[] {
  return mock.mock.calls.filter(([called]) => called === path).map(([, options]) => options ?? {});
}

/** Lets pending promises and React updates settle under fake timers. */
export async function flush(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

let nextId = 1;

/** A keyword row as the search call returns it; banded figures by default. */
export function keywordRow(keyword: string, extra: Partial<KeywordRow> = {}): KeywordRow {
  return {
    id: nextId++,
    keyword,
    platform: 'DSO',
    country: '',
    search_index: '12.3w',
    month_cover_count: '86.4w',
    competition: 2,
    competition_reasons: ['已有一定数量的相关作品'],
    related_work_count: '1.5w',
    category: 'diversify_4',
    industry: '美妆护肤',
    commerce_intent: false,
    blue_ocean: false,
    growth_rate: 0.125,
    first_seen: '2026-03-02',
    as_of: '2026-11-20',
    ...extra,
  };
}

/** A list response (002 §3). */
export function keywordList(rows: KeywordRow[], extra: Partial<KeywordList> = {}): KeywordList {
  return {
    total_record: rows.length,
    total_estimated: false,
    data_max: 10,
    user_grade: 'FREE',
    result: rows,
    ...extra,
  };
}

afterEach(() => {
  cleanUpRender();
  useSession.setState({ roles: [] });
});

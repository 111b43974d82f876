import type { KeywordList, KeywordRow } from '@dso/contract';
import { act, configure } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, type Mock, vi } from 'vitest';
import { cleanUpRender } from '../../../components/testing/clean-up-render';
import { renderAtRoute, type Viewer } from '../../../components/testing/render-route';
import { type RequestOptions, request } from '../../../lib/api/client';
import { useSession } from '../../../stores/session';

export type { Viewer };

interface RenderOptions {
  /** The URL the router starts at. */
  path?: string;
  /** The route pattern the element is rendered under (for `useParams`). */
  route?: string;
  viewer?: Viewer;
}

/**
 * Renders keyword UI as the app does (zh_CN antd, dark theme, a router, a fresh query client) for
 * a viewer holding no permission tree. Answers stay fresh for 30 s, so a page that reads one query
 * from several components fetches it once. The router's location is the `address` test id.
 */
export function renderKeywords(
  ui: ReactElement,
  { path = '/KeywordDouyin/searchWord', route = '*', viewer = 'visitor' }: RenderOptions = {},
) {
  return renderAtRoute(ui, { url: path, path: route, viewer, theme: 'dark', staleTime: 30_000, roles: [] });
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

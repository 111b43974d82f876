import type { Envelope } from '@dso/contract';
import { afterEach, vi } from 'vitest';

/** What a mocked endpoint answers: an envelope, or a function of the request body and URL. */
export type MockAnswer =
  | Envelope<unknown>
  | ((body: unknown, url: URL, init: RequestInit | undefined) => Envelope<unknown> | Promise<Envelope<unknown>>);

export interface MockedCall {
  path: string;
  method: string;
  body: unknown;
  url: URL;
}

export const ok = <T>(data: T, msg = 'success'): Envelope<T> => ({ code: 200, msg, data });
export const fail = (code: number, msg: string, data: unknown = null): Envelope<unknown> => ({ code, msg, data });

/**
 * Stubs `fetch` with answers by path, so components run through the real API client: signing, the
 * envelope and the response handler. Unmocked paths answer 404. Returns the calls made.
 */
export function mockApi(answers: Record<string, MockAnswer>) {
  const calls: MockedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path: url.pathname, method: init?.method ?? 'GET', body, url });
    const answer = answers[url.pathname];
    const envelope =
      typeof answer === 'function'
        ? await answer(body, url, init)
        : (answer ?? fail(404, `not mocked: ${url.pathname}`));
    return new Response(JSON.stringify(envelope), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/**
 * Undoes {@link mockApi} after each test of the calling suite: the stubbed fetch and every spy go, then
 * `also` runs (the suite's own reset: the session, a fetched public key).
 */
export function unmockApiAfterEach(also?: () => void) {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    also?.();
  });
}

/** An answer that never comes: the request hangs until its signal aborts it (a held long poll). */
export function hang(_body: unknown, _url: URL, init: RequestInit | undefined): Promise<Envelope<unknown>> {
  return new Promise((_, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
  });
}

/** A user-info envelope's data for a signed-in user of a grade. */
export function userInfoOf(grade: string, overrides: Record<string, unknown> = {}) {
  return {
    id: 7,
    user_id: 7,
    phone: '13800000007',
    phone_last: '0007',
    avatar: '',
    head_img: '',
    new_user: false,
    grade,
    vip_name: '',
    grade_info_vo: { grade_enum: grade, end_day: 30, end_time: 1_924_876_800 },
    group_slave_name: '',
    permission_version_code: null,
    sub_account: false,
    sub_account_parent_phone: null,
    role_id: 1,
    show_old: false,
    show_original_data: false,
    ...overrides,
  };
}

/**
 * What the session loads once a login succeeds: the roles, then the user info of a FREE member, and no
 * sub-account invitation waiting. Spread into {@link mockApi}'s answers beside the login call's own.
 */
export const sessionAnswers = {
  '/api/user/roles': ok([]),
  '/api/user/info': ok(userInfoOf('FREE')),
  '/api/sub_account/invite_info': ok(null),
};

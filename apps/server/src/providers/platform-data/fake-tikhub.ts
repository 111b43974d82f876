import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listenLocally } from '../fake-server';
import {
  type FakeAwemeInput,
  type FakeCommentInput,
  type FakeUserInput,
  fakeAweme,
  fakeComment,
  fakeUser,
} from './fake-douyin-json';
import { type FakeTikhubPlatformBoards, fakePlatformBoardRoutes } from './fake-tikhub-boards';
import {
  type FakeRoute,
  type FakeTikhubKeywords,
  fakeKeywordRoutes,
  postParams,
  sendHalfAndDrop,
} from './fake-tikhub-keywords';

export {
  type FakeAwemeInput,
  type FakeCommentInput,
  type FakeUserInput,
  fakeAweme,
  fakeUser,
} from './fake-douyin-json';

/**
 * Test-only: a local stand-in for api.tikhub.io's Douyin endpoints. It checks the Bearer key like
 * TikHub (401 without a valid one), validates the documented query parameters (422 in FastAPI's shape
 * when one is missing), keeps videos, users and comments the test adds, and answers in TikHub's
 * envelope `{ code, request_id, router, params, data }` with `data` shaped like Douyin's own JSON
 * (aweme_detail, aweme_list with max_cursor/has_more, comments with cursor/has_more/total, search
 * results with aweme_info and extra.logid). The shapes are written from the documentation and Douyin's
 * public JSON (fake-douyin-json.ts), separately from the adapter's reading of them. The keyword-side endpoints (POST
 * ones among them, their parameters in a JSON body) come from fake-tikhub-keywords.ts.
 */
export interface FakeTikhubOptions {
  apiKey: string;
}

/**
 * What the next call to a path answers instead (once): a status and body, no answer at all ('hang'), or
 * the start of its real answer and then a dropped connection ('cut').
 */
export type FakeTikhubFailure = { status: number; body?: unknown; headers?: Record<string, string> } | 'hang' | 'cut';

export interface FakeTikhubRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The JSON body of a POST; null for a GET. */
  body: Record<string, unknown> | null;
  authorization: string | undefined;
}

export interface FakeTikhub extends FakeTikhubKeywords, FakeTikhubPlatformBoards {
  url: string;
  /** Every request that reached the fake, authorized or not. */
  requests: FakeTikhubRequest[];
  addAweme(input: FakeAwemeInput): void;
  addUser(input: FakeUserInput): void;
  addComments(awemeId: string, comments: FakeCommentInput[]): void;
  /** The awemes a keyword finds, in ranking order (otherwise: none). */
  setSearchResults(keyword: string, awemeIds: string[]): void;
  failNext(path: string, failure: FakeTikhubFailure): void;
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.statusCode = status;
  response.setHeader('content-type', 'application/json');
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}

/** Starts the fake on a free local port. */
export async function startFakeTikhub(options: FakeTikhubOptions): Promise<FakeTikhub> {
  const awemes = new Map<string, FakeAwemeInput>();
  const users = new Map<string, Record<string, unknown>>();
  const comments = new Map<string, FakeCommentInput[]>();
  const searches = new Map<string, string[]>();
  const searchIds = new Set<string>();
  const failures = new Map<string, FakeTikhubFailure[]>();
  const requests: FakeTikhubRequest[] = [];

  const awemeJson = (input: FakeAwemeInput) => fakeAweme(input, users.get(input.authorSecUid) ?? null);

  const keywordSide = fakeKeywordRoutes();
  const platformBoards = fakePlatformBoardRoutes();
  /** One endpoint: its method (GET unless said), required parameters and what it answers as `data`. */
  const routes: Record<string, Omit<FakeRoute, 'method'> & { method?: FakeRoute['method'] }> = {
    ...keywordSide.routes,
    ...platformBoards.routes,
    '/api/v1/douyin/app/v3/fetch_one_video': {
      required: ['aweme_id'],
      answer: ({ aweme_id }) => {
        const found = awemes.get(aweme_id!);
        return found
          ? { status_code: 0, aweme_detail: awemeJson(found), log_pb: { impr_id: randomId() } }
          : {
              status_code: 0,
              aweme_detail: null,
              filter_detail: { aweme_id, filter_reason: 'status_deleted', detail_msg: '作品不存在' },
            };
      },
    },
    '/api/v1/douyin/app/v3/handler_user_profile': {
      required: ['sec_user_id'],
      answer: ({ sec_user_id }) => {
        const user = users.get(sec_user_id!);
        return user ? { status_code: 0, user } : { status_code: 2096, status_msg: '用户不存在', user: null };
      },
    },
    '/api/v1/douyin/app/v3/fetch_user_post_videos': {
      required: ['sec_user_id'],
      answer: ({ sec_user_id, max_cursor = '0', count = '20' }) => {
        // Newest first; max_cursor is the create time (ms) below which the next page starts.
        const all = [...awemes.values()]
          .filter((item) => item.authorSecUid === sec_user_id)
          .sort((a, b) => (b.createTime ?? 0) - (a.createTime ?? 0));
        const before = Number(max_cursor);
        const rest = before > 0 ? all.filter((item) => (item.createTime ?? 0) * 1000 < before) : all;
        const page = rest.slice(0, Number(count));
        const last = page.at(-1);
        return {
          status_code: 0,
          min_cursor: page[0] ? (page[0].createTime ?? 0) * 1000 : 0,
          max_cursor: last ? (last.createTime ?? 0) * 1000 : 0,
          has_more: rest.length > page.length ? 1 : 0,
          aweme_list: page.map(awemeJson),
        };
      },
    },
    '/api/v1/douyin/app/v3/fetch_video_comments': {
      required: ['aweme_id'],
      answer: ({ aweme_id, cursor = '0', count = '20' }) => {
        const list = [...(comments.get(aweme_id!) ?? [])].sort((a, b) => (b.digg ?? 0) - (a.digg ?? 0));
        const start = Number(cursor);
        const page = list.slice(start, start + Number(count));
        return {
          status_code: 0,
          comments: page.length > 0 ? page.map((item) => fakeComment(aweme_id!, item)) : null,
          cursor: start + page.length,
          has_more: start + page.length < list.length ? 1 : 0,
          total: list.length,
        };
      },
    },
    '/api/v1/douyin/web/fetch_video_search_result': {
      required: ['keyword'],
      answer: ({ keyword, offset = '0', count = '10', search_id = '' }) => {
        const start = Number(offset);
        // Like Douyin, a later page belongs to the search that the first page opened.
        if (start > 0 && !searchIds.has(search_id))
          return { status_code: 2483, status_msg: 'search_id invalid', data: [] };
        const logid = start > 0 ? search_id : randomId();
        searchIds.add(logid);
        const ids = searches.get(keyword!) ?? [];
        const page = ids.slice(start, start + Number(count));
        const entries = page.flatMap((id) => {
          const found = awemes.get(id);
          return found ? [{ type: 1, aweme_info: awemeJson(found), items: null }] : [];
        });
        // Search answers mix in other kinds of results: a user card here.
        if (start === 0 && entries.length > 0) entries.splice(1, 0, { type: 4, user_list: [] } as never);
        return {
          status_code: 0,
          data: entries,
          cursor: start + page.length,
          has_more: start + page.length < ids.length ? 1 : 0,
          extra: { now: Date.now(), logid, fatal_item_ids: [], search_request_id: '' },
          log_pb: { impr_id: logid },
        };
      },
    },
  };

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    const authorization = request.headers.authorization;
    const method = request.method ?? 'GET';
    const body = method === 'POST' ? await postParams(request) : null;
    requests.push({ method, path: url.pathname, query, body, authorization });
    const failure = failures.get(url.pathname)?.shift();
    if (failure === 'hang') return; // never answers: the caller's timeout must end the call
    if (failure && failure !== 'cut') {
      send(response, failure.status, failure.body ?? { detail: 'injected failure' }, failure.headers);
      return;
    }
    if (authorization !== `Bearer ${options.apiKey}`) {
      send(response, 401, {
        detail: {
          code: 401,
          message: 'Invalid or missing API token, please check your Authorization header.',
          message_zh: 'API Token无效或缺失，请检查请求头中的Authorization。',
        },
      });
      return;
    }
    const route = routes[url.pathname];
    if (!route) {
      send(response, 404, { detail: 'Not Found' });
      return;
    }
    if (method !== (route.method ?? 'GET')) {
      send(response, 405, { detail: 'Method Not Allowed' });
      return;
    }
    // FastAPI reads a POST endpoint's parameters from the JSON body, a GET endpoint's from the query.
    const params =
      method === 'POST'
        ? Object.fromEntries(Object.entries(body ?? {}).map(([key, value]) => [key, String(value)]))
        : query;
    const missing = route.required.filter((name) => !params[name]);
    if (missing.length > 0) {
      const where = method === 'POST' ? 'body' : 'query';
      send(response, 422, {
        detail: missing.map((name) => ({ loc: [where, name], msg: 'field required', type: 'value_error.missing' })),
      });
      return;
    }
    const answer = JSON.stringify({
      code: 200,
      request_id: randomId(),
      message: 'Request successful. This request will incur a charge.',
      message_zh: '请求成功，本次请求将被计费。',
      support: 'Discord: https://discord.gg/aMEAS8Xsvz',
      time: new Date().toISOString(),
      time_stamp: Math.floor(Date.now() / 1000),
      time_zone: 'America/Los_Angeles',
      docs: 'https://api.tikhub.io/#/',
      cache_message: 'This request will be cached. You can access the cached result directly using the URL below.',
      router: url.pathname,
      params,
      data: route.answer(params),
    });
    if (failure === 'cut') sendHalfAndDrop(response, answer);
    else send(response, 200, answer);
  });
  const url = await listenLocally(server);

  return {
    url,
    requests,
    addAweme: (input) => awemes.set(input.awemeId, input),
    addUser: (input) => users.set(input.secUid, fakeUser(input)),
    addComments: (awemeId, list) => comments.set(awemeId, [...(comments.get(awemeId) ?? []), ...list]),
    setSearchResults: (keyword, ids) => searches.set(keyword, ids),
    ...keywordSide.controls,
    ...platformBoards.controls,
    failNext: (path, failure) => failures.set(path, [...(failures.get(path) ?? []), failure]),
    close: () => closeServer(server),
  };
}

function randomId(): string {
  return `2024${randomBytes(15).toString('hex').toUpperCase()}`.slice(0, 34);
}

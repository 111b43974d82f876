import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, jsonUtf8, listenLocally, readBody, sendJson } from '../fake-server';

/**
 * Test-only: a local stand-in for the Douyin Open Platform's hot lists, written from the documentation separately
 * from the adapter's reading of it. It issues client tokens (`POST /oauth/client_token/`, JSON, checking the key,
 * secret and grant type) and serves `GET /hotsearch/sentences/`, `/hotsearch/trending/sentences/` (paged by `cursor`
 * and `count`), `/data/extern/billboard/hot_video/` and `/data/extern/billboard/topic/`, each asking for a live
 * client token in the `access-token` header. Every answer is `{ data: { error_code, description, … }, extra: { …,
 * logid } }`. Tests can make the next call answer a platform error (the rate limit 28003018, an expired token
 * 28001008, …) or an HTTP status, cut the connection halfway through an answer, retire every token, or empty a board.
 */
export interface FakeDouyinHotListOptions {
  clientKey: string;
  clientSecret: string;
  /** Token lifetime the fake answers, in seconds (the platform's is 7200). */
  expiresIn?: number;
}

/** The boards the fake serves, in the platform's own field names. */
export interface FakeHotBoards {
  hotSearch: { active_time: string; list: Array<Record<string, unknown>> };
  rising: Array<Record<string, unknown>>;
  hotVideos: Array<Record<string, unknown>>;
  topics: Array<Record<string, unknown>>;
}

/** A request as the fake received it. */
export interface FakeHotListCall {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The `access-token` header, when sent. */
  accessToken: string | null;
  contentType: string;
  body: string;
}

/** What the next call (to `path`, or to any path) answers instead of its board. */
export type FakeHotListFailure =
  | { kind: 'error'; code: number; description: string }
  | { kind: 'status'; status: number }
  /** Headers and half the body, then the connection is destroyed. */
  | { kind: 'cut' };

export interface FakeDouyinHotListServer {
  url: string;
  boards: FakeHotBoards;
  calls: FakeHotListCall[];
  /** Client tokens issued so far. */
  issuedTokens: string[];
  /** `path` is a path alone, or with its query as sent (`/hotsearch/trending/sentences/?cursor=10&count=10`). */
  failNext(failure: FakeHotListFailure, path?: string): void;
  /** Every token issued so far now answers 28001008 (access_token 过期), as after its two hours. */
  expireTokens(): void;
  close(): Promise<void>;
}

/** Boards shaped like the documentation's examples. */
export function sampleBoards(): FakeHotBoards {
  return {
    hotSearch: {
      active_time: '2026-11-29 10:00:00',
      list: [
        { sentence: '初雪来了', hot_level: 11_849_702 },
        { sentence: '年货节囤货清单', hot_level: 9_776_764 },
        { sentence: '冬季露营装备推荐', hot_level: 8_120_355 },
      ],
    },
    rising: Array.from({ length: 23 }, (_, index) => ({
      sentence: `上升词${index + 1}`,
      hot_level: 500_000 - index * 10_000,
      label: index % 5 === 0 ? 1 : 0,
    })),
    hotVideos: [
      {
        rank: 2,
        title: '三分钟学会围巾的五种系法',
        author: '穿搭小鹿',
        item_cover: 'https://p3.douyinpic.com/cover-2.jpeg',
        share_url: 'https://www.iesdouyin.com/share/video/7300000000000000002/',
        play_count: 8_800_000,
        digg_count: 620_000,
        comment_count: 15_300,
        hot_words: '围巾,穿搭,冬季',
        hot_value: 9_310_000.5,
      },
      {
        rank: 1,
        title: '第一次带爸妈去看海',
        author: '旅行的阿杰',
        item_cover: 'https://p3.douyinpic.com/cover-1.jpeg',
        share_url: 'https://www.iesdouyin.com/share/video/7300000000000000001/',
        play_count: 12_000_000,
        digg_count: 1_020_000,
        comment_count: 48_000,
        hot_words: '看海,家庭,旅行',
        hot_value: 9_980_000,
      },
    ],
    topics: [
      { title: '冬日穿搭挑战', rank: 1, rank_change: '2', effect_value: 1_882_000.4 },
      { title: '#家常菜教程', rank: 2, rank_change: '-1', effect_value: 1_502_000 },
      { title: '年货清单', rank: 3, rank_change: '', effect_value: 980_000 },
    ],
  };
}

const logid = () => `2026${randomBytes(12).toString('hex').toUpperCase()}`;

const answer = (data: Record<string, unknown>) => ({
  data: { error_code: 0, description: '', ...data },
  extra: { error_code: 0, description: '', sub_error_code: 0, sub_description: '', logid: logid(), now: Date.now() },
  message: 'success',
});

const refusal = (code: number, description: string) => ({
  data: { error_code: code, description },
  extra: { error_code: code, description, sub_error_code: 0, sub_description: '', logid: logid(), now: Date.now() },
  message: 'error',
});

const boardPaths = new Set([
  '/hotsearch/sentences/',
  '/hotsearch/trending/sentences/',
  '/data/extern/billboard/hot_video/',
  '/data/extern/billboard/topic/',
]);

export async function startFakeDouyinHotListServer(
  options: FakeDouyinHotListOptions,
): Promise<FakeDouyinHotListServer> {
  const boards = sampleBoards();
  const calls: FakeHotListCall[] = [];
  const issuedTokens: string[] = [];
  const liveTokens = new Set<string>();
  const expiredTokens = new Set<string>();
  const failures: Array<{ failure: FakeHotListFailure; path: string | undefined }> = [];

  function handle(call: FakeHotListCall): [number, unknown] | 'cut' {
    const search = new URLSearchParams(call.query).toString();
    const failureAt = failures.findIndex(
      (entry) => entry.path === undefined || entry.path === call.path || entry.path === `${call.path}?${search}`,
    );
    if (failureAt >= 0) {
      const { failure } = failures.splice(failureAt, 1)[0]!;
      if (failure.kind === 'cut') return 'cut';
      if (failure.kind === 'status') return [failure.status, { message: 'error' }];
      return [200, refusal(failure.code, failure.description)];
    }
    if (call.path === '/oauth/client_token/') {
      if (call.method !== 'POST' || !call.contentType.startsWith('application/json')) {
        return [200, refusal(10002, '参数错误')];
      }
      let fields: Record<string, unknown>;
      try {
        fields = JSON.parse(call.body) as Record<string, unknown>;
      } catch {
        return [200, refusal(10002, '参数错误')];
      }
      if (fields.grant_type !== 'client_credential') return [200, refusal(10002, '参数错误')];
      if (fields.client_key !== options.clientKey) return [200, refusal(10003, 'client_key 不存在')];
      if (fields.client_secret !== options.clientSecret) {
        return [200, refusal(10013, 'client_key 或者 client_secret 报错')];
      }
      const token = `clt.${randomBytes(20).toString('hex')}`;
      issuedTokens.push(token);
      liveTokens.add(token);
      return [200, answer({ access_token: token, expires_in: options.expiresIn ?? 7_200 })];
    }
    if (!boardPaths.has(call.path) || call.method !== 'GET') return [404, refusal(28001017, '未知URI')];
    if (call.accessToken && expiredTokens.has(call.accessToken)) {
      return [200, refusal(28001008, 'access_token过期,请刷新或重新授权')];
    }
    if (!call.accessToken || !liveTokens.has(call.accessToken)) return [200, refusal(2190002, 'access_token无效')];
    switch (call.path) {
      case '/hotsearch/sentences/':
        return [200, answer({ active_time: boards.hotSearch.active_time, list: boards.hotSearch.list })];
      case '/hotsearch/trending/sentences/': {
        const cursor = Number(call.query.cursor ?? '0');
        const count = Number(call.query.count ?? '10');
        if (!Number.isInteger(cursor) || cursor < 0 || !Number.isInteger(count) || count < 1 || count > 50) {
          return [200, refusal(28001007, '参数不合法')];
        }
        const list = boards.rising.slice(cursor, cursor + count);
        const next = cursor + list.length;
        return [
          200,
          answer({ list, cursor: next, has_more: next < boards.rising.length, total: boards.rising.length }),
        ];
      }
      case '/data/extern/billboard/hot_video/':
        return [200, answer({ list: boards.hotVideos })];
      default:
        return [200, answer({ list: boards.topics })];
    }
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    readBody(request).then(
      (body) => {
        const url = new URL(request.url ?? '/', 'http://fake');
        const call: FakeHotListCall = {
          method: request.method ?? 'GET',
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          accessToken: (request.headers['access-token'] as string | undefined) ?? null,
          contentType: String(request.headers['content-type'] ?? ''),
          body: body.toString('utf8'),
        };
        calls.push(call);
        const result = handle(call);
        if (result === 'cut') {
          const whole = Buffer.from(JSON.stringify(answer({ list: boards.hotSearch.list })));
          response.writeHead(200, { ...jsonUtf8, 'content-length': whole.length });
          response.write(whole.subarray(0, Math.floor(whole.length / 2)), () => response.socket?.destroy());
          return;
        }
        const [status, payload] = result;
        sendJson(response, status, payload, jsonUtf8);
      },
      () => {
        response.writeHead(500);
        response.end();
      },
    );
  });
  const url = await listenLocally(server);

  return {
    url,
    boards,
    calls,
    issuedTokens,
    failNext(failure, path) {
      failures.push({ failure, path });
    },
    expireTokens() {
      for (const token of liveTokens) expiredTokens.add(token);
      liveTokens.clear();
    },
    close: () => closeServer(server),
  };
}

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rejectionOf } from '../../testing/rejection';
import { createDouyinOpenHotList } from './douyin-open';
import { type FakeDouyinHotListServer, startFakeDouyinHotListServer } from './fake-douyin-open-hotlist';
import { HotListError, type HotListProvider } from './index';

const credentials = { clientKey: 'awhotlist', clientSecret: 'hot-list-secret' };
const boardPaths = (fake: FakeDouyinHotListServer) => fake.calls.map((call) => call.path);

describe('the Douyin Open Platform hot lists', () => {
  let fake: FakeDouyinHotListServer;
  let clock: number;
  let hotList: HotListProvider;

  beforeEach(async () => {
    fake = await startFakeDouyinHotListServer(credentials);
    clock = Date.parse('2026-11-29T03:00:00Z');
    hotList = createDouyinOpenHotList({ ...credentials, baseUrl: fake.url, now: () => new Date(clock) });
  });
  afterEach(() => fake.close());

  async function refusal(promise: Promise<unknown>): Promise<HotListError> {
    const error = await rejectionOf(promise);
    expect(error).toBeInstanceOf(HotListError);
    return error as HotListError;
  }

  describe('the documented requests', () => {
    it('asks for a client token with a JSON body, then reads the board with it in the access-token header', async () => {
      await hotList.fetchHotSearch();
      const [tokenCall, boardCall] = fake.calls;
      expect(tokenCall).toMatchObject({ method: 'POST', path: '/oauth/client_token/' });
      expect(tokenCall!.contentType).toMatch(/^application\/json/);
      expect(JSON.parse(tokenCall!.body)).toEqual({
        client_key: 'awhotlist',
        client_secret: 'hot-list-secret',
        grant_type: 'client_credential',
      });
      expect(boardCall).toMatchObject({ method: 'GET', path: '/hotsearch/sentences/', query: {} });
      expect(boardCall!.accessToken).toBe(fake.issuedTokens[0]);
    });

    it('reads the hot search board in our units, its as-of time from active_time (Beijing time)', async () => {
      const board = await hotList.fetchHotSearch();
      expect(board.entries).toEqual([
        { word: '初雪来了', rank: 1, hotValue: 11_849_702, label: null, videoCount: null },
        { word: '年货节囤货清单', rank: 2, hotValue: 9_776_764, label: null, videoCount: null },
        { word: '冬季露营装备推荐', rank: 3, hotValue: 8_120_355, label: null, videoCount: null },
      ]);
      expect(board.asOf.toISOString()).toBe('2026-11-29T02:00:00.000Z');
    });

    it('never dates a board after the read, whatever active_time says', async () => {
      fake.boards.hotSearch.active_time = '2026-11-29 23:00:00';
      expect((await hotList.fetchHotSearch()).asOf.getTime()).toBe(clock);
      fake.boards.hotSearch.active_time = 'soon';
      expect((await hotList.fetchHotSearch()).asOf.getTime()).toBe(clock);
    });

    it('pages through the rising words by cursor until has_more is false, ranking across pages', async () => {
      const board = await hotList.fetchRisingWords();
      const pages = fake.calls.filter((call) => call.path === '/hotsearch/trending/sentences/');
      expect(pages.map((call) => call.query)).toEqual([
        { cursor: '0', count: '10' },
        { cursor: '10', count: '10' },
        { cursor: '20', count: '10' },
      ]);
      expect(board.entries).toHaveLength(23);
      expect(board.entries[22]).toEqual({
        word: '上升词23',
        rank: 23,
        hotValue: 280_000,
        label: null,
        videoCount: null,
      });
      expect(board.entries[5]).toMatchObject({ word: '上升词6', rank: 6, label: '1' });
      expect(board.asOf.getTime()).toBe(clock);
    });

    it('reads the hot video board sorted by its rank, with the hot words split', async () => {
      const board = await hotList.fetchHotVideos();
      expect(boardPaths(fake)).toContain('/data/extern/billboard/hot_video/');
      expect(board.entries.map((entry) => entry.rank)).toEqual([1, 2]);
      expect(board.entries[0]).toEqual({
        rank: 1,
        title: '第一次带爸妈去看海',
        author: '旅行的阿杰',
        cover: 'https://p3.douyinpic.com/cover-1.jpeg',
        shareUrl: 'https://www.iesdouyin.com/share/video/7300000000000000001/',
        playCount: 12_000_000,
        likeCount: 1_020_000,
        commentCount: 48_000,
        hotWords: ['看海', '家庭', '旅行'],
        hotValue: 9_980_000,
      });
    });

    it('reads the topic board with its rank changes, a blank change being unknown', async () => {
      const board = await hotList.fetchHotTopics();
      expect(boardPaths(fake)).toContain('/data/extern/billboard/topic/');
      expect(board.entries).toEqual([
        { title: '冬日穿搭挑战', rank: 1, rankChange: 2, effectValue: 1_882_000.4 },
        { title: '家常菜教程', rank: 2, rankChange: -1, effectValue: 1_502_000 },
        { title: '年货清单', rank: 3, rankChange: null, effectValue: 980_000 },
      ]);
    });
  });

  describe('the client token', () => {
    it('is asked for once and reused until shortly before it expires', async () => {
      await hotList.fetchHotSearch();
      await hotList.fetchHotTopics();
      expect(fake.issuedTokens).toHaveLength(1);
      clock += 7_200_000 - 6 * 60_000;
      await hotList.fetchHotSearch();
      expect(fake.issuedTokens).toHaveLength(1);
      clock += 2 * 60_000;
      await hotList.fetchHotSearch();
      expect(fake.issuedTokens).toHaveLength(2);
      expect(fake.calls.at(-1)!.accessToken).toBe(fake.issuedTokens[1]);
    });

    it('is asked for once by calls arriving together', async () => {
      await Promise.all([hotList.fetchHotSearch(), hotList.fetchHotVideos(), hotList.fetchHotTopics()]);
      expect(fake.issuedTokens).toHaveLength(1);
    });

    it('is replaced once when the platform says it expired, and the read is made again', async () => {
      await hotList.fetchHotSearch();
      fake.expireTokens();
      const board = await hotList.fetchHotSearch();
      expect(board.entries).toHaveLength(3);
      expect(fake.issuedTokens).toHaveLength(2);
      expect(boardPaths(fake)).toEqual([
        '/oauth/client_token/',
        '/hotsearch/sentences/',
        '/hotsearch/sentences/',
        '/oauth/client_token/',
        '/hotsearch/sentences/',
      ]);
    });

    it('is replaced only once: a fresh token refused too is unauthorized', async () => {
      fake.failNext(
        { kind: 'error', code: 28001008, description: 'access_token过期,请刷新或重新授权' },
        '/hotsearch/sentences/',
      );
      fake.failNext(
        { kind: 'error', code: 28001008, description: 'access_token过期,请刷新或重新授权' },
        '/hotsearch/sentences/',
      );
      const error = await refusal(hotList.fetchHotSearch());
      expect(error.reason).toBe('unauthorized');
      expect(error.detail).toMatch(/^28001008 access_token过期.*\(logid 2026/);
      expect(fake.issuedTokens).toHaveLength(2);
    });

    it('is unauthorized when the platform refuses our key or secret', async () => {
      const wrong = createDouyinOpenHotList({ ...credentials, clientSecret: 'not-ours', baseUrl: fake.url });
      const error = await refusal(wrong.fetchHotSearch());
      expect(error.reason).toBe('unauthorized');
      expect(error.detail).toContain('10013');
      expect(boardPaths(fake)).toEqual(['/oauth/client_token/']);
    });

    it('is not created without the key and secret', () => {
      expect(() => createDouyinOpenHotList({ clientKey: '', clientSecret: '', baseUrl: fake.url })).toThrow(
        /DOUYIN_CLIENT_KEY/,
      );
    });
  });

  describe('failures', () => {
    it.each([
      [28003018, '请求频率过高', 'rate_limited'],
      [28003017, 'quota 已用完', 'rate_limited'],
      [28001018, '应用未获得该能力', 'unauthorized'],
      [28001005, '系统繁忙,此时请开发者稍候再试', 'unavailable'],
    ] as const)('maps the platform error %i (%s) to %s', async (code, description, reason) => {
      fake.failNext({ kind: 'error', code, description }, '/data/extern/billboard/topic/');
      const error = await refusal(hotList.fetchHotTopics());
      expect(error.reason).toBe(reason);
      expect(error.detail).toContain(String(code));
    });

    it('maps asking for client tokens too often (10020) to rate_limited', async () => {
      fake.failNext({ kind: 'error', code: 10020, description: '请求太频繁' }, '/oauth/client_token/');
      expect((await refusal(hotList.fetchHotSearch())).reason).toBe('rate_limited');
    });

    it.each([
      [429, 'rate_limited'],
      [503, 'unavailable'],
      [403, 'unauthorized'],
    ] as const)('maps HTTP %i to %s', async (status, reason) => {
      fake.failNext({ kind: 'status', status }, '/hotsearch/sentences/');
      expect((await refusal(hotList.fetchHotSearch())).reason).toBe(reason);
    });

    it('fails a board whose connection is cut halfway through the answer, rather than reading it as empty', async () => {
      fake.failNext({ kind: 'cut' }, '/hotsearch/sentences/');
      const error = await refusal(hotList.fetchHotSearch());
      expect(error.reason).toBe('unavailable');
      expect(error.message).toMatch(/cut off/);
    });

    it('fails the whole rising board when a later page is cut off, never answering the pages before it', async () => {
      fake.failNext({ kind: 'cut' }, '/hotsearch/trending/sentences/?cursor=10&count=10');
      const error = await refusal(hotList.fetchRisingWords());
      expect(error.reason).toBe('unavailable');
      const pages = fake.calls.filter((call) => call.path === '/hotsearch/trending/sentences/');
      expect(pages.map((call) => call.query.cursor)).toEqual(['0', '10']);
    });

    it('fails a board read from a server that is not there', async () => {
      const gone = fake.url;
      await fake.close();
      const unreachable = createDouyinOpenHotList({ ...credentials, baseUrl: gone });
      expect((await refusal(unreachable.fetchHotSearch())).reason).toBe('unavailable');
      fake = await startFakeDouyinHotListServer(credentials);
    });

    it('fails a board that does not answer in time', async () => {
      const slow = createDouyinOpenHotList({
        ...credentials,
        baseUrl: fake.url,
        timeoutMs: 50,
        fetch: (_input, init) =>
          new Promise<Response>((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
          ),
      });
      const error = await refusal(slow.fetchHotSearch());
      expect(error.reason).toBe('unavailable');
      expect(error.message).toMatch(/timed out/);
    });
  });

  describe('empty boards', () => {
    it('answers an empty list as an empty board, not as a failure', async () => {
      fake.boards.hotSearch.list = [];
      fake.boards.topics = [];
      fake.boards.rising = [];
      expect((await hotList.fetchHotSearch()).entries).toEqual([]);
      expect((await hotList.fetchHotTopics()).entries).toEqual([]);
      const rising = await hotList.fetchRisingWords();
      expect(rising.entries).toEqual([]);
      expect(fake.calls.filter((call) => call.path === '/hotsearch/trending/sentences/')).toHaveLength(1);
    });

    it('fails an answer with no body rather than calling it empty', async () => {
      const blank = createDouyinOpenHotList({
        ...credentials,
        baseUrl: fake.url,
        fetch: async (input, init) =>
          String(input).includes('client_token')
            ? fetch(input, init)
            : new Response('', { status: 200, headers: { 'content-type': 'application/json' } }),
      });
      expect((await refusal(blank.fetchHotSearch())).reason).toBe('unavailable');
    });
  });
});

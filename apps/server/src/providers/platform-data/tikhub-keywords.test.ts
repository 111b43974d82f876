import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejectionOf } from '../../testing/rejection';
import { type FakeTikhub, startFakeTikhub } from './fake-tikhub';
import type { PlatformDataError } from './index';
import { createTikhubPlatformData } from './tikhub';
import { parseSourceTime } from './tikhub-keywords';

const apiKey = 'tikhub-test-key-0123456789';
const fetchedAt = new Date('2026-11-20T08:00:00Z');
const SUGGEST = '/api/v1/douyin/search/fetch_search_suggest';
const TOPICS = '/api/v1/douyin/search/fetch_challenge_suggest';
const HOT = '/api/v1/douyin/app/v3/fetch_hot_search_list';
const RISING = '/api/v1/douyin/billboard/fetch_hot_rise_list';
const CITY = '/api/v1/douyin/billboard/fetch_hot_city_list';
/** The fake's boards say 2026-11-20 15:30:00, Shanghai time. */
const boardUpdated = new Date('2026-11-20T07:30:00Z');

describe('the TikHub keyword-side reads against a fake TikHub', () => {
  let fake: FakeTikhub;
  let source: ReturnType<typeof createTikhubPlatformData>;
  const lastRequest = (path: string) => fake.requests.findLast((item) => item.path === path);

  beforeAll(async () => {
    fake = await startFakeTikhub({ apiKey });
    source = createTikhubPlatformData({ baseUrl: fake.url, apiKey, timeoutMs: 2_000, now: () => fetchedAt });
    fake.setSuggestions('露营', ['露营装备', '露营装备清单', '露营装备', '露营地推荐']);
    fake.setTopicSuggestions('露营', [
      { name: '露营', views: 38_000_000_000, cid: '1582917040617474' },
      { name: '露营装备', views: 2_100_000_000 },
    ]);
    fake.setBoard('hot', [
      {
        word: '初雪来了',
        hotValue: 11_849_702,
        label: 3,
        videoCount: 12,
        eventTime: 1_763_600_000,
        sentenceId: '2412345',
      },
      { word: '周末去哪儿', hotValue: 9_100_000 },
    ]);
    fake.setBoard(
      'rising',
      Array.from({ length: 45 }, (_, index) => ({ word: `上升词${index + 1}`, hotValue: 900_000 - index * 1000 })),
    );
    fake.setBoard('city', [{ word: '成都初雪', hotValue: 5_347_179, videoCount: 4, category: '生活' }], '510100');
  });
  afterAll(() => fake.close());

  describe('the documented requests', () => {
    it('asks search suggestions by POST with the word in the JSON body and the Bearer key', async () => {
      const words = await source.fetchSuggestions('露营');
      expect(words).toEqual([
        { word: '露营装备', rank: 1, heat: null },
        { word: '露营装备清单', rank: 2, heat: null },
        { word: '露营地推荐', rank: 3, heat: null },
      ]);
      expect(lastRequest(SUGGEST)).toMatchObject({
        method: 'POST',
        body: { keyword: '露营' },
        query: {},
        authorization: `Bearer ${apiKey}`,
      });
    });

    it('reads topic suggestions without their #, with their view counts and ids', async () => {
      expect(await source.fetchTopicSuggestions('露营')).toEqual([
        { name: '露营', rank: 1, topicId: '1582917040617474', viewCount: 38_000_000_000 },
        { name: '露营装备', rank: 2, topicId: expect.stringMatching(/^\d+$/), viewCount: 2_100_000_000 },
      ]);
      expect(lastRequest(TOPICS)).toMatchObject({ method: 'POST', body: { keyword: '露营' } });
    });

    it('reads the hot search board in one page, with its labels, video counts and update time', async () => {
      const board = await source.fetchHotList('hot');
      expect(lastRequest(HOT)).toMatchObject({ method: 'GET', query: { board_type: '0', board_sub_type: '' } });
      expect(board).toMatchObject({ kind: 'hot', cityCode: null, nextCursor: null, total: 2, fetchedAt });
      expect(board.updatedAt).toEqual(boardUpdated);
      expect(board.items).toEqual([
        {
          word: '初雪来了',
          rank: 1,
          hotValue: 11_849_702,
          label: '3',
          category: null,
          videoCount: 12,
          since: new Date(1_763_600_000_000),
          sourceId: '2412345',
        },
        expect.objectContaining({ word: '周末去哪儿', rank: 2, label: null, videoCount: 0 }),
      ]);
    });

    it('pages through the rising board by page number, 20 a page, ranked by heat', async () => {
      const words: string[] = [];
      const ranks: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await source.fetchHotList('rising', { cursor });
        words.push(...page.items.map((item) => item.word));
        ranks.push(...page.items.map((item) => item.rank));
        expect(page.total).toBe(45);
        cursor = page.nextCursor;
        pages++;
      } while (cursor !== null && pages < 10);
      expect(pages).toBe(3);
      expect(words).toHaveLength(45);
      expect(ranks).toEqual(Array.from({ length: 45 }, (_, index) => index + 1));
      const asked = fake.requests.filter((item) => item.path === RISING).slice(-3);
      expect(asked.map((item) => item.query.page)).toEqual(['1', '2', '3']);
      expect(asked[0]?.query).toMatchObject({ page_size: '20', order: 'rank' });
    });

    it('asks the same-city board for a city code, and refuses one without a city before calling', async () => {
      const board = await source.fetchHotList('city', { cityCode: '510100' });
      expect(lastRequest(CITY)?.query).toMatchObject({ city_code: '510100', page: '1', order: 'rank' });
      expect(board).toMatchObject({ kind: 'city', cityCode: '510100', total: 1, updatedAt: boardUpdated });
      expect(board.items[0]).toMatchObject({ word: '成都初雪', hotValue: 5_347_179, videoCount: 4, category: '生活' });
      const before = fake.requests.length;
      await expect(source.fetchHotList('city')).rejects.toThrow(TypeError);
      await expect(source.fetchHotList('rising', { cursor: 'next' })).rejects.toThrow(TypeError);
      await expect(source.fetchHotList('hot', { cursor: '2' })).rejects.toThrow(TypeError);
      expect(fake.requests.length).toBe(before);
    });

    it('feeds no index series (the answer of TikHub’s 巨量算数 endpoint is undocumented) without calling', async () => {
      const before = fake.requests.length;
      expect(await source.fetchIndexSeries('露营', '2026-11-01', '2026-11-19')).toBeNull();
      expect(fake.requests.length).toBe(before);
    });
  });

  describe('empty answers', () => {
    it('answers an empty list for a word without suggestions or topics: an answer, not a failure', async () => {
      expect(await source.fetchSuggestions('没有下拉词的词')).toEqual([]);
      expect(await source.fetchTopicSuggestions('没有下拉词的词')).toEqual([]);
    });

    it('answers an empty board (objs and word_list null) as an empty last page', async () => {
      expect(await source.fetchHotList('city', { cityCode: '110000' })).toMatchObject({
        items: [],
        nextCursor: null,
        total: 0,
      });
      fake.setBoard('hot', []);
      expect(await source.fetchHotList('hot')).toMatchObject({ items: [], nextCursor: null, total: 0 });
    });
  });

  describe('failures', () => {
    const reasonOf = async (call: Promise<unknown>) => (await rejectionOf<PlatformDataError>(call)).reason;

    it('429 is rate_limited with Retry-After in the detail; 402 and a spent balance are rate_limited', async () => {
      fake.failNext(SUGGEST, { status: 429, body: { detail: 'Too Many Requests' }, headers: { 'retry-after': '5' } });
      const limited = await rejectionOf<PlatformDataError>(source.fetchSuggestions('露营'));
      expect(limited.reason).toBe('rate_limited');
      expect(limited.detail).toContain('Retry-After 5');
      fake.failNext(RISING, { status: 402, body: { detail: 'Payment Required' } });
      expect(await reasonOf(source.fetchHotList('rising'))).toBe('rate_limited');
      fake.failNext(TOPICS, { status: 403, body: { detail: { code: 403, message: 'Insufficient balance' } } });
      expect(await reasonOf(source.fetchTopicSuggestions('露营'))).toBe('rate_limited');
    });

    it('a wrong key, or a key without the scope, is unauthorized', async () => {
      const stranger = createTikhubPlatformData({ baseUrl: fake.url, apiKey: 'not-the-key' });
      expect(await reasonOf(stranger.fetchHotList('hot'))).toBe('unauthorized');
      fake.failNext(HOT, { status: 403, body: { detail: { code: 403, message: 'API Key scope not allowed' } } });
      expect(await reasonOf(source.fetchHotList('hot'))).toBe('unauthorized');
    });

    it('the vendor’s error bodies, Douyin’s own error codes and a moved endpoint are unavailable', async () => {
      fake.failNext(SUGGEST, {
        status: 400,
        body: { detail: { code: 400, message: 'Request failed, please retry.', message_zh: '请求失败，请重试。' } },
      });
      const failed = await rejectionOf<PlatformDataError>(source.fetchSuggestions('露营'));
      expect(failed.reason).toBe('unavailable');
      expect(failed.detail).toContain('Request failed');
      fake.failNext(SUGGEST, {
        status: 200,
        body: { code: 200, data: { status_code: 2154, status_msg: 'search busy', sug_list: [] } },
      });
      expect(await reasonOf(source.fetchSuggestions('露营'))).toBe('unavailable');
      fake.failNext(RISING, { status: 200, body: { code: 200, data: { code: 10001, msg: 'system busy' } } });
      expect(await reasonOf(source.fetchHotList('rising'))).toBe('unavailable');
      fake.failNext(CITY, { status: 404, body: { detail: 'Not Found' } });
      expect(await reasonOf(source.fetchHotList('city', { cityCode: '510100' }))).toBe('unavailable');
      fake.failNext(HOT, { status: 503, body: { detail: 'upstream unavailable' } });
      expect(await reasonOf(source.fetchHotList('hot'))).toBe('unavailable');
    });

    it('a connection cut in the middle of an answer is unavailable, not a shorter list', async () => {
      fake.failNext(SUGGEST, 'cut');
      const cut = await rejectionOf<PlatformDataError>(source.fetchSuggestions('露营'));
      expect(cut.reason).toBe('unavailable');
      // The second page of the rising board is cut: the first page stands, the run fails at the second.
      const first = await source.fetchHotList('rising');
      fake.failNext(RISING, 'cut');
      expect(await reasonOf(source.fetchHotList('rising', { cursor: first.nextCursor }))).toBe('unavailable');
      expect((await source.fetchHotList('rising', { cursor: first.nextCursor })).items).toHaveLength(20);
    });

    it('a board that never answers is unavailable after the timeout', async () => {
      const impatient = createTikhubPlatformData({ baseUrl: fake.url, apiKey, timeoutMs: 200 });
      fake.failNext(HOT, 'hang');
      const error = await rejectionOf<PlatformDataError>(impatient.fetchHotList('hot'));
      expect(error.reason).toBe('unavailable');
      expect(error.message).toContain('timed out after 200 ms');
    });
  });

  it('reads the boards’ update times in the forms Douyin writes them, Shanghai time', () => {
    expect(parseSourceTime('2026-11-20 15:30:00')).toEqual(boardUpdated);
    expect(parseSourceTime('20261120153000')).toEqual(boardUpdated);
    expect(parseSourceTime(1_795_159_800)).toEqual(boardUpdated);
    expect(parseSourceTime('1795159800000')).toEqual(boardUpdated);
    expect(parseSourceTime('yesterday')).toBeNull();
    expect(parseSourceTime(null)).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejectionOf } from '../../testing/rejection';
import { type FakeTikhub, startFakeTikhub } from './fake-tikhub';
import type { PlatformDataError } from './index';
import { createTikhubPlatformData } from './tikhub';
import { parseHeatText, platformBoardPaths as paths } from './tikhub-platform-boards';

const apiKey = 'tikhub-test-key-0123456789';
const fetchedAt = new Date('2026-11-29T08:00:00Z');

describe('the 小红书, 快手 and B站 boards through a fake TikHub', () => {
  let fake: FakeTikhub;
  let source: ReturnType<typeof createTikhubPlatformData>;
  const lastRequest = (path: string) => fake.requests.findLast((item) => item.path === path);
  const callsTo = (path: string) => fake.requests.filter((item) => item.path === path).length;

  beforeAll(async () => {
    fake = await startFakeTikhub({ apiKey });
    source = createTikhubPlatformData({ baseUrl: fake.url, apiKey, timeoutMs: 2_000, now: () => fetchedAt });
    fake.setPlatformBoard(
      'BSO:search',
      Array.from({ length: 60 }, (_, index) => ({ word: `B站热搜${index + 1}`, heat: 900_000 - index * 1000 })),
    );
    fake.setPlatformBoard('KSO:hot', [
      { word: '秋收玉米', heat: 12_345_678 },
      { word: '自驾川藏线', heat: 9_000_000 },
      { word: '秋收玉米', heat: 8_000_000 },
    ]);
    fake.setPlatformBoard('KSO:search', [{ word: '农村大锅菜', heat: 3_000_000 }]);
    fake.setPlatformBoard('RSO:hot', [
      { word: '秋冬穿搭', heat: 9_016_000 },
      { word: '周末露营', heat: 8_501 },
    ]);
    fake.setPlatformBoard('RSO:search', [{ word: '早八妆容' }, { word: '宿舍改造' }]);
    fake.setRedSuggestions('露营', ['露营', '露营装备', '露营地推荐']);
  });
  afterAll(() => fake.close());

  describe('the documented requests', () => {
    it('asks B站 for 50 hot searches, the most it gives, and reads the first 50 with their heat and badge', async () => {
      const board = await source.fetchPlatformBoard('BSO', 'search');
      expect(lastRequest(paths.bilibiliSearch)).toMatchObject({
        method: 'GET',
        query: { limit: '50' },
        authorization: `Bearer ${apiKey}`,
      });
      expect(board).toMatchObject({ library: 'BSO', board: 'search', updatedAt: null, fetchedAt });
      expect(board.items).toHaveLength(50);
      expect(board.items[0]).toEqual({ word: 'B站热搜1', rank: 1, heat: 900_000, label: '5' });
      expect(board.items[49]).toMatchObject({ word: 'B站热搜50', rank: 50, heat: 851_000 });
    });

    it('asks 快手 board_type 1 for its 热榜 and 6 for its 搜索榜, the top word first and repeats left out', async () => {
      const hot = await source.fetchPlatformBoard('KSO', 'hot');
      expect(lastRequest(paths.kuaishou)).toMatchObject({ method: 'GET', query: { board_type: '1' } });
      expect(hot.items).toEqual([
        { word: '秋收玉米', rank: 1, heat: 12_345_678, label: null },
        { word: '自驾川藏线', rank: 2, heat: 9_000_000, label: null },
      ]);
      const search = await source.fetchPlatformBoard('KSO', 'search');
      expect(lastRequest(paths.kuaishou)).toMatchObject({ query: { board_type: '6' } });
      expect(search.items.map((entry) => entry.word)).toEqual(['农村大锅菜']);
    });

    it('reads 小红书 热榜 heat written in 万, and 热搜词 without heat', async () => {
      const hot = await source.fetchPlatformBoard('RSO', 'hot');
      expect(lastRequest(paths.redHot)).toMatchObject({ method: 'GET', query: {} });
      expect(hot.items).toEqual([
        { word: '秋冬穿搭', rank: 1, heat: 9_016_000, label: '热' },
        { word: '周末露营', rank: 2, heat: 8_501, label: '热' },
      ]);
      const trending = await source.fetchPlatformBoard('RSO', 'search');
      expect(lastRequest(paths.redTrending)).toMatchObject({ method: 'GET' });
      expect(trending.items).toEqual([
        { word: '早八妆容', rank: 1, heat: null, label: null },
        { word: '宿舍改造', rank: 2, heat: null, label: null },
      ]);
    });

    it('asks 小红书 联想词 with the word in the query and leaves the word itself out', async () => {
      expect(await source.fetchRedSuggestions('露营')).toEqual([
        { word: '露营装备', rank: 1, heat: null },
        { word: '露营地推荐', rank: 2, heat: null },
      ]);
      expect(lastRequest(paths.redSuggest)).toMatchObject({ method: 'GET', query: { keyword: '露营' } });
    });

    it('refuses a board TikHub does not document before any call', async () => {
      const before = fake.requests.length;
      await expect(source.fetchPlatformBoard('BSO', 'hot')).rejects.toThrow(TypeError);
      expect(fake.requests.length).toBe(before);
    });
  });

  describe('answers that are not boards', () => {
    it('records an empty board as an empty list, not a failure', async () => {
      fake.setPlatformBoard('KSO:search', []);
      expect((await source.fetchPlatformBoard('KSO', 'search')).items).toEqual([]);
      fake.setPlatformBoard('KSO:search', [{ word: '农村大锅菜', heat: 3_000_000 }]);
    });

    it('fails an answer whose shape it cannot read instead of calling it empty', async () => {
      fake.failNext(paths.redHot, { status: 200, body: { code: 200, data: { code: 0, data: { notes: [] } } } });
      const error = await rejectionOf<PlatformDataError>(source.fetchPlatformBoard('RSO', 'hot'));
      expect(error.reason).toBe('unavailable');
      expect(error.message).toMatch(/shape we cannot read/);
      expect(error.detail).toContain('notes');
    });

    it("fails when the platform's own code says it did not answer, keeping its message", async () => {
      fake.failNext(paths.bilibiliSearch, {
        status: 200,
        body: { code: 200, data: { code: -412, message: '请求被拦截' } },
      });
      const error = await rejectionOf<PlatformDataError>(source.fetchPlatformBoard('BSO', 'search'));
      expect(error.reason).toBe('unavailable');
      expect(error.message).toMatch(/code -412/);
      expect(error.detail).toBe('请求被拦截');
    });

    it("maps TikHub's rate limit, refused key and a cut connection onto the three reasons", async () => {
      fake.failNext(paths.kuaishou, {
        status: 429,
        body: { detail: 'Too Many Requests' },
        headers: { 'retry-after': '3' },
      });
      expect((await rejectionOf<PlatformDataError>(source.fetchPlatformBoard('KSO', 'hot'))).reason).toBe(
        'rate_limited',
      );
      fake.failNext(paths.redTrending, { status: 401, body: { detail: { code: 401, message: 'Invalid token' } } });
      expect((await rejectionOf<PlatformDataError>(source.fetchPlatformBoard('RSO', 'search'))).reason).toBe(
        'unauthorized',
      );
      fake.failNext(paths.bilibiliSearch, 'cut');
      const calls = callsTo(paths.bilibiliSearch);
      const cut = await rejectionOf<PlatformDataError>(source.fetchPlatformBoard('BSO', 'search'));
      expect(cut.reason).toBe('unavailable');
      expect(callsTo(paths.bilibiliSearch)).toBe(calls + 1);
    });
  });

  it('reads heat written as text in 万 and 亿, and nothing else', () => {
    expect(parseHeatText('901.6万')).toBe(9_016_000);
    expect(parseHeatText('1.2亿')).toBe(120_000_000);
    expect(parseHeatText('8501')).toBe(8501);
    expect(parseHeatText(42)).toBe(42);
    expect(parseHeatText('很热')).toBeNull();
    expect(parseHeatText(undefined)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { headPhrases } from '../../features/keywords/demo/head-terms';
import { createSandboxKeywordSource } from './sandbox-keywords';

const libraryWords = new Set(headPhrases().map((phrase) => phrase.keyword));
/** 2026-11-21 12:00 in Shanghai. */
const noon = new Date('2026-11-21T04:00:00Z');
const sourceAt = (at: Date) => createSandboxKeywordSource({ now: () => at });

describe('the sandbox keyword source', () => {
  it('suggests words of the demo library that contain the word, the same all day, drawn afresh the next', async () => {
    const morning = await sourceAt(new Date('2026-11-20T17:00:00Z')).fetchSuggestions('露营');
    const evening = await sourceAt(new Date('2026-11-21T13:00:00Z')).fetchSuggestions('露营');
    expect(morning.length).toBeGreaterThan(3);
    expect(morning.every((item) => item.word.includes('露营') && libraryWords.has(item.word))).toBe(true);
    expect(morning.map((item) => item.rank)).toEqual(morning.map((_, index) => index + 1));
    expect(evening).toEqual(morning);
    const nextDay = await sourceAt(new Date('2026-11-22T04:00:00Z')).fetchSuggestions('露营');
    expect(nextDay.every((item) => item.word.includes('露营') && libraryWords.has(item.word))).toBe(true);
    expect(nextDay).not.toEqual(morning);
    expect(await sourceAt(noon).fetchSuggestions('  ')).toEqual([]);
    expect(await sourceAt(noon).fetchSuggestions('这个词不在演示词库里')).toEqual([]);
  });

  it('suggests topics of the demo library with view counts that grow a little from one day to the next', async () => {
    const topics = await sourceAt(noon).fetchTopicSuggestions('面膜');
    expect(topics.length).toBeGreaterThan(0);
    for (const topic of topics) {
      expect(topic.name).toContain('面膜');
      // Between 1,000万 and 500亿, as Douyin's topics run.
      expect(topic.viewCount).toBeGreaterThan(10_000_000);
      expect(topic.viewCount).toBeLessThan(50_000_000_000);
      expect(topic.topicId).toMatch(/^16\d+$/);
    }
    const nextDay = await sourceAt(new Date(noon.getTime() + 86_400_000)).fetchTopicSuggestions('面膜');
    expect(nextDay.map((topic) => topic.name)).toEqual(topics.map((topic) => topic.name));
    for (const [index, topic] of nextDay.entries()) {
      const growth = topic.viewCount! / topics[index]!.viewCount! - 1;
      expect(growth).toBeGreaterThan(0);
      expect(growth).toBeLessThan(0.01);
    }
  });

  it('gives a hot board of 50 words, its heat falling with rank, none of its times in the future', async () => {
    const board = await sourceAt(noon).fetchHotList('hot');
    expect(board).toMatchObject({ kind: 'hot', cityCode: null, nextCursor: null, total: 50, fetchedAt: noon });
    expect(board.items).toHaveLength(50);
    expect(board.items.every((item) => libraryWords.has(item.word))).toBe(true);
    for (let i = 1; i < board.items.length; i++) {
      expect(board.items[i]!.hotValue).toBeLessThan(board.items[i - 1]!.hotValue);
    }
    expect(board.updatedAt!.getTime()).toBeLessThanOrEqual(noon.getTime());
    expect(board.items.every((item) => item.since!.getTime() <= noon.getTime())).toBe(true);
    expect(board.items[0]!.label).toBe('3');
    expect(await sourceAt(new Date('2026-11-21T15:59:00Z')).fetchHotList('hot')).toMatchObject({ items: board.items });
  });

  it('pages the rising and same-city boards 20 at a time; a city board holds words of its city', async () => {
    const first = await sourceAt(noon).fetchHotList('rising');
    const second = await sourceAt(noon).fetchHotList('rising', { cursor: first.nextCursor });
    const third = await sourceAt(noon).fetchHotList('rising', { cursor: second.nextCursor });
    expect([first.items.length, second.items.length, third.items.length]).toEqual([20, 20, 10]);
    expect(third.nextCursor).toBeNull();
    expect(third.items.at(-1)!.rank).toBe(50);
    const chengdu = await sourceAt(noon).fetchHotList('city', { cityCode: '510100' });
    expect(chengdu).toMatchObject({ kind: 'city', cityCode: '510100', total: 30 });
    expect(chengdu.items.every((item) => item.word.includes('成都'))).toBe(true);
    await expect(sourceAt(noon).fetchHotList('city')).rejects.toThrow(TypeError);
    await expect(sourceAt(noon).fetchHotList('rising', { cursor: 'x' })).rejects.toThrow(TypeError);
  });

  it('gives a library word a daily index series that ends yesterday, and none for a word it does not hold', async () => {
    const series = (await sourceAt(noon).fetchIndexSeries('露营装备', '2026-11-01', '2026-11-30'))!;
    expect(series.map((point) => point.day)).toEqual(
      Array.from({ length: 20 }, (_, index) => `2026-11-${String(index + 1).padStart(2, '0')}`),
    );
    for (const point of series) {
      expect(point.searchIndex).toBeGreaterThan(0);
      expect(point.overallIndex).toBeGreaterThan(point.searchIndex);
    }
    // The same days asked later give the same figures.
    const later = await sourceAt(new Date('2026-12-05T04:00:00Z')).fetchIndexSeries(
      '露营装备',
      '2026-11-01',
      '2026-11-20',
    );
    expect(later).toEqual(series);
    expect(await sourceAt(noon).fetchIndexSeries('这个词不在演示词库里', '2026-11-01', '2026-11-20')).toEqual([]);
    expect(await sourceAt(noon).fetchIndexSeries('露营装备', '2026-11-21', '2026-11-30')).toEqual([]);
  });
  it('gives each platform its own board, leaning to its industries, the same all day, never dated later than now', async () => {
    const red = await sourceAt(noon).fetchPlatformBoard('RSO', 'hot');
    const kuaishou = await sourceAt(noon).fetchPlatformBoard('KSO', 'hot');
    expect(red).toMatchObject({ library: 'RSO', board: 'hot', fetchedAt: noon });
    expect(red.updatedAt!.getTime()).toBeLessThanOrEqual(noon.getTime());
    expect(red.items).toHaveLength(30);
    expect(red.items.every((item) => libraryWords.has(item.word))).toBe(true);
    expect(red.items.map((item) => item.rank)).toEqual(red.items.map((_, index) => index + 1));
    expect(red.items.every((item) => item.heat !== null && item.heat > 0)).toBe(true);
    expect(kuaishou.items.map((item) => item.word)).not.toEqual(red.items.map((item) => item.word));
    const industryOf = new Map(headPhrases().map((phrase) => [phrase.keyword, phrase.industry]));
    const beauty = red.items.filter((item) =>
      ['美妆护肤', '服饰穿搭', '家居家装', '旅游出行', '美食餐饮'].includes(industryOf.get(item.word)!),
    );
    expect(beauty.length).toBeGreaterThanOrEqual(20);
    expect(await sourceAt(new Date('2026-11-21T13:00:00Z')).fetchPlatformBoard('RSO', 'hot')).toMatchObject({
      items: red.items,
    });
    // 小红书's 热搜词 carry no heat; B站 has no 热榜 of words.
    const trending = await sourceAt(noon).fetchPlatformBoard('RSO', 'search');
    expect(trending.items.every((item) => item.heat === null)).toBe(true);
    await expect(sourceAt(noon).fetchPlatformBoard('BSO', 'hot')).rejects.toThrow(TypeError);
  });
});

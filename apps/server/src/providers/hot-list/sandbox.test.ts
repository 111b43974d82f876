import { describe, expect, it } from 'vitest';
import type { HotBoard, HotListProvider } from './index';
import { createSandboxHotList } from './sandbox';

const at = (iso: string) => createSandboxHotList({ now: () => new Date(iso) });
const boards = (hotList: HotListProvider) =>
  Promise.all([
    hotList.fetchHotSearch(),
    hotList.fetchRisingWords(),
    hotList.fetchHotVideos(),
    hotList.fetchHotTopics(),
  ]);
const han = /\p{Script=Han}/u;

function expectRanked(board: HotBoard<{ rank: number }>, values: number[]) {
  expect(board.entries.map((entry) => entry.rank)).toEqual(board.entries.map((_, index) => index + 1));
  for (let index = 1; index < values.length; index += 1) expect(values[index]).toBeLessThan(values[index - 1]!);
}

describe('the sandbox hot lists', () => {
  it('is demo data', () => {
    expect(createSandboxHotList()).toMatchObject({ name: 'sandbox', isDemo: true });
  });

  it('gives the same boards all through a Shanghai day, and other boards the next day', async () => {
    const morning = await boards(at('2026-11-28T16:30:00Z')); // 00:30 in Shanghai on the 29th
    const evening = await boards(at('2026-11-29T15:50:00Z')); // 23:50 in Shanghai
    const nextDay = await boards(at('2026-11-29T16:10:00Z')); // 00:10 on the 30th
    for (const [index, board] of morning.entries()) {
      expect(evening[index]!.entries).toEqual(board.entries);
      expect(nextDay[index]!.entries).not.toEqual(board.entries);
    }
  });

  it('reads like Douyin: fifty distinct Chinese words, ranked from 1, heat falling with the rank', async () => {
    const [hotSearch, rising, videos, topics] = await boards(at('2026-11-29T03:00:00Z'));
    expect(hotSearch.entries).toHaveLength(50);
    expect(new Set(hotSearch.entries.map((entry) => entry.word)).size).toBe(50);
    expect(hotSearch.entries.every((entry) => han.test(entry.word))).toBe(true);
    expect(hotSearch.entries[0]!.hotValue).toBeGreaterThan(10_000_000);
    expectRanked(
      hotSearch,
      hotSearch.entries.map((entry) => entry.hotValue),
    );
    expect(rising.entries).toHaveLength(20);
    expectRanked(
      rising,
      rising.entries.map((entry) => entry.hotValue),
    );
    expect(rising.entries[0]!.hotValue).toBeLessThan(hotSearch.entries.at(-1)!.hotValue);
    expectRanked(
      videos,
      videos.entries.map((entry) => entry.hotValue),
    );
    for (const video of videos.entries) {
      expect(han.test(video.title) && video.author !== '').toBe(true);
      expect(video.likeCount).toBeLessThan(video.playCount);
      expect(video.commentCount).toBeLessThan(video.likeCount);
      expect(video.hotWords.length).toBeGreaterThan(0);
    }
    expectRanked(
      topics,
      topics.entries.map((entry) => entry.effectValue),
    );
    expect(new Set(topics.entries.map((entry) => entry.title)).size).toBe(topics.entries.length);
  });

  it('never dates a board after the moment it is read', async () => {
    const now = new Date('2026-11-29T03:17:00Z'); // 11:17 in Shanghai
    const [hotSearch, rising, videos, topics] = await boards(createSandboxHotList({ now: () => now }));
    expect(hotSearch.asOf.toISOString()).toBe('2026-11-29T02:00:00.000Z'); // 10:00, the last even hour
    expect(rising.asOf).toEqual(now);
    expect(videos.asOf.toISOString()).toBe('2026-11-28T16:00:00.000Z'); // the start of the Shanghai day
    expect(topics.asOf).toEqual(videos.asOf);
    for (const board of [hotSearch, rising, videos, topics])
      expect(board.asOf.getTime()).toBeLessThanOrEqual(now.getTime());
  });
});

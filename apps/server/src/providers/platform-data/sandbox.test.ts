import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoCreator,
  demoCreatorId,
  firstRunVideoOptions,
  generateVideoDemo,
} from '../../features/videos/demo/generator';
import { seedVideoDemo } from '../../features/videos/demo/seed';
import { createTestDatabase, smallVideoDemo } from '../../testing';
import { createSandboxPlatformData } from './sandbox';

const demo = { ...firstRunVideoOptions('2026-11-20'), creators: 60, videos: 600 };
const first = (() => {
  for (const batch of generateVideoDemo({
    ...demo,
    detailedVideos: 0,
    detailedCreators: 0,
    liveSessions: 0,
    topics: 0,
  })) {
    if (batch.kind === 'videos') return batch.videos.map((entry) => entry.video);
  }
  return [];
})();
const popular = first.filter((video) => video.goodCount > 5_000 && video.commentCount > 40 && video.index >= 455)[0]!;

describe('the sandbox platform-data provider', () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  let clock = new Date('2026-11-21T04:00:00Z');
  const sandbox = () => createSandboxPlatformData({ db: handle.db, demo, now: () => clock });

  beforeAll(async () => {
    handle = await createTestDatabase();
    // The library as the demo seeded it on 2026-11-20 (the sandbox reads its day and publish times).
    await seedVideoDemo(
      handle.db,
      smallVideoDemo(demo.asOf, { creators: demo.creators, videos: demo.videos, detailedCreators: 5 }),
    );
  }, 120_000);
  afterAll(async () => handle.close());

  it('answers a demo video as the generator made it, its figures growing with time', async () => {
    clock = new Date('2026-11-21T04:00:00Z');
    const early = (await sandbox().fetchVideo(popular.awemeId))!;
    expect(early).toMatchObject({ awemeId: popular.awemeId, desc: popular.desc, authorUserId: popular.authorUserId });
    expect(early.durationMs).toBe(popular.durationMs);
    expect(early.goodCount).toBeGreaterThanOrEqual(popular.goodCount);
    // The same instant gives the same answer; a later one more likes, comments, shares and collects.
    expect(await sandbox().fetchVideo(popular.awemeId)).toEqual(early);
    clock = new Date('2026-11-23T04:00:00Z');
    const later = (await sandbox().fetchVideo(popular.awemeId))!;
    expect(later.goodCount).toBeGreaterThan(early.goodCount);
    expect(later.commentCount).toBeGreaterThanOrEqual(early.commentCount);
    expect(later.fetchedAt).toEqual(clock);
  });

  it('knows only ids the demo made', async () => {
    expect(await sandbox().fetchVideo('7300000000000000001')).toBeNull();
    expect(await sandbox().fetchCreator('MS4wLjABAAAAsomeoneelse')).toBeNull();
    expect(await sandbox().fetchTrend('123')).toEqual([]);
    expect((await sandbox().fetchComments('123', null)).items).toEqual([]);
  });

  it('answers a creator with its followers moving at its 30-day pace', async () => {
    const creator = demoCreator(demo.seed, 5);
    clock = new Date('2026-11-21T04:00:00Z');
    const early = (await sandbox().fetchCreator(demoCreatorId(demo.seed, 5)))!;
    clock = new Date('2026-11-30T04:00:00Z');
    const later = (await sandbox().fetchCreator(demoCreatorId(demo.seed, 5)))!;
    expect(early).toMatchObject({ nickName: creator.nickName, field: creator.field });
    // Its header counts are the works its list answers (docs/videos.md).
    const listed = await sandbox().fetchCreatorVideos(demoCreatorId(demo.seed, 5), null);
    expect(early.awemeCount).toBe(listed.total);
    expect(early.awemeCount).toBeGreaterThan(0);
    expect(Math.sign(later.followerCount - early.followerCount)).toBe(Math.sign(creator.followerGrowth30d));
  });

  it('pages comments most liked first and a trend within 72 hours', async () => {
    const comments = await sandbox().fetchComments(popular.awemeId, null);
    expect(comments.items).toHaveLength(20);
    expect(comments.items[0]!.cid).toBe(`${popular.awemeId}0000`);
    const next = await sandbox().fetchComments(popular.awemeId, comments.nextCursor);
    expect(next.items[0]!.cid).toBe(`${popular.awemeId}0020`);
    const trend = await sandbox().fetchTrend(popular.awemeId);
    expect(trend.length).toBeGreaterThan(1);
    expect(trend.length).toBeLessThanOrEqual(72);
    for (let i = 1; i < trend.length; i++) expect(trend[i]!.goodCount).toBeGreaterThanOrEqual(trend[i - 1]!.goodCount);
  });

  it('answers the keyword side too, from the demo keyword library (sandbox-keywords.test.ts has the detail)', async () => {
    const board = await sandbox().fetchHotList('hot');
    expect(board.items.length).toBeGreaterThan(0);
    expect((await sandbox().fetchSuggestions(board.items[0]!.word.slice(0, 2))).length).toBeGreaterThan(0);
  });

  it('lists a creator’s works newest first and finds works by title', async () => {
    const owner = popular.authorUserId;
    const works = await sandbox().fetchCreatorVideos(owner, null);
    expect(works.items.length).toBeGreaterThan(0);
    expect(works.items.every((video) => video.authorUserId === owner)).toBe(true);
    expect(works.items.map((video) => video.awemeId)).toContain(popular.awemeId);
    const found = await sandbox().searchVideos(popular.subject, null);
    expect(found.items.length).toBeGreaterThan(0);
    expect(found.items.every((video) => video.desc.includes(popular.subject))).toBe(true);
  });
});

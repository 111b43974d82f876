import { describe, expect, it } from 'vitest';
import { createCreator, createVideo } from '../../testing';
import { useTestDatabase } from '../../testing/route-suite';
import { createSandboxRankSource } from './sandbox';

describe('the sandbox rank source', () => {
  const ids: string[] = [];

  const database = useTestDatabase(async () => {
    const creator = await createCreator(database.db, { nickName: '露营的阿野' });
    for (let index = 0; index < 60; index++) {
      const video = await createVideo(database.db, {
        // Fixed ids: the sandbox's draws depend on them, so the movement asserted below is the same every run.
        awemeId: `73100000000000${String(index).padStart(5, '0')}`,
        creatorId: creator.id,
        desc: `露营攻略 第${index + 1}集`,
        goodCount: 200_000 - index * 3_000,
      });
      ids.push(video.awemeId);
    }
    await createVideo(database.db, { creatorId: creator.id, desc: '家常菜做法', goodCount: 900_000 });
    await createVideo(database.db, { creatorId: creator.id, desc: '露营攻略（已删除）', status: 'deleted' });
  });

  const source = () => createSandboxRankSource({ db: database.db });
  const ranking = (day: string, depth = 50) =>
    source().fetchRanking({ platform: 'DSO', keyword: '露营攻略', day, depth });

  it('ranks the library works whose titles hold the keyword, down to the depth', async () => {
    const list = await ranking('2026-11-20');
    expect(list).toHaveLength(50);
    expect(list.every((entry) => entry.title.includes('露营攻略'))).toBe(true);
    expect(list.every((entry) => ids.includes(entry.awemeId))).toBe(true);
    expect(list[0]!.author).toBe('露营的阿野');
    expect(
      await source().fetchRanking({ platform: 'DSO', keyword: '不存在的词', day: '2026-11-20', depth: 100 }),
    ).toEqual([]);
  });

  it('answers the same ranking for the same day', async () => {
    expect(await ranking('2026-11-20')).toEqual(await ranking('2026-11-20'));
  });

  it('moves works a few places from one day to the next, the strong ones staying near the top', async () => {
    const places = async (day: string) =>
      new Map((await ranking(day, 60)).map((entry, index) => [entry.awemeId, index + 1]));
    const monday = await places('2026-11-20');
    const tuesday = await places('2026-11-21');
    const moved = ids.filter((id) => monday.get(id) !== tuesday.get(id)).length;
    expect(moved).toBeGreaterThan(10);
    const shifts = ids.map((id) => Math.abs(monday.get(id)! - tuesday.get(id)!));
    const mean = shifts.reduce((sum, shift) => sum + shift, 0) / shifts.length;
    expect(mean).toBeLessThan(8);
    // The most liked work of 60 stays in the top third; the least liked stays out of it.
    expect(tuesday.get(ids[0]!)!).toBeLessThanOrEqual(20);
    expect(tuesday.get(ids[59]!)!).toBeGreaterThan(20);
  });
});

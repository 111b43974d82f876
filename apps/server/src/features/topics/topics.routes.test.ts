import { Code, TopicPath, videoMessages } from '@dso/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTopic, createVideo } from '../../testing';
import { useTestApp } from '../../testing/route-suite';

describe('topics', () => {
  const t = useTestApp();
  const { db, get, tokenOf } = t;

  const names = (answer: { data: { result: Array<{ name: string }> } }) => answer.data.result.map((row) => row.name);

  describe('topic list', () => {
    beforeAll(async () => {
      await createTopic(db(), { name: '秋冬穿搭', heat: 900_000, videoCount: 120, growth: 0.031, day: '2026-11-21' });
      await createTopic(db(), { name: '家常菜', heat: 500_000, videoCount: 900, growth: 0.42, day: '2026-11-21' });
      await createTopic(db(), { name: '健身打卡', heat: 700_000, videoCount: 300, growth: -0.12, day: '2026-11-21' });
      await createTopic(db(), { name: '昨天的话题', heat: 9_000_000, day: '2026-11-20' });
      await createTopic(db(), { kind: 'image_text', name: '手账排版', heat: 80_000, day: '2026-11-21' });
    });

    it('answers the latest day’s topics of a kind, hottest first, ranked, with the growth banded', async () => {
      const answer = await get(`${TopicPath.list}?kind=video`);
      expect(answer.code).toBe(Code.OK);
      expect(names(answer)).toEqual(['秋冬穿搭', '健身打卡', '家常菜']);
      expect(answer.data).toMatchObject({ total_record: 3, data_max: 10, user_grade: 'FREE' });
      expect(answer.data.result[0]).toMatchObject({
        rank: 1,
        kind: 'video',
        name: '秋冬穿搭',
        heat: 900_000,
        video_count: 120,
        day: '2026-11-21',
      });
      expect(typeof answer.data.result[0].growth).toBe('string');
      expect(typeof answer.data.result[0].id).toBe('number');
    });

    it('sorts by video count or growth, keeps the kinds apart and reads the day asked', async () => {
      expect(names(await get(`${TopicPath.list}?kind=video&sort=video_count`))).toEqual([
        '家常菜',
        '健身打卡',
        '秋冬穿搭',
      ]);
      expect(names(await get(`${TopicPath.list}?kind=video&sort=growth`))).toEqual(['家常菜', '秋冬穿搭', '健身打卡']);
      expect(names(await get(`${TopicPath.list}?kind=image_text`))).toEqual(['手账排版']);
      expect(names(await get(`${TopicPath.list}?kind=video&day=2026-11-20`))).toEqual(['昨天的话题']);
      expect((await get(`${TopicPath.list}?kind=video&day=2020-01-01`)).data).toMatchObject({
        total_record: 0,
        result: [],
      });
    });

    it('gives the exact growth to a user with show_original_data', async () => {
      const answer = await get(`${TopicPath.list}?kind=video&sort=growth`, await tokenOf('VIP', true));
      expect(answer.data.result[0].growth).toBeCloseTo(0.42, 4);
      expect(answer.data.data_max).toBe(300);
    });

    it('ranks on from the page before and stops at the visitor’s rows', async () => {
      const second = await get(`${TopicPath.list}?kind=video&page_size=10&page_no=1`);
      expect(second.data.result.map((row: { rank: number }) => row.rank)).toEqual([1, 2, 3]);
      for (let i = 0; i < 12; i++)
        await createTopic(db(), { kind: 'video', name: `分页话题${i}`, heat: i, day: '2026-11-22' });
      const page1 = await get(`${TopicPath.list}?kind=video&page_size=10`);
      expect(page1.data).toMatchObject({ total_record: 12, data_max: 10 });
      expect(page1.data.result).toHaveLength(10);
      expect((await get(`${TopicPath.list}?kind=video&page_size=10&page_no=2`)).data.result).toEqual([]);
      const free = await tokenOf('FREE');
      const page2 = await get(`${TopicPath.list}?kind=video&page_size=10&page_no=2`, free);
      expect(page2.data.result.map((row: { rank: number; name: string }) => [row.rank, row.name])).toEqual([
        [11, '分页话题1'],
        [12, '分页话题0'],
      ]);
    });

    it('answers a figure no source gave as null and ranks it after the known ones', async () => {
      await createTopic(db(), { name: '采集话题', heat: 800_000, videoCount: null, growth: null, day: '2026-11-23' });
      await createTopic(db(), { name: '导入话题', heat: 600_000, videoCount: 40, growth: -0.2, day: '2026-11-23' });
      const heat = await get(`${TopicPath.list}?kind=video&day=2026-11-23`, await tokenOf('VIP', true));
      expect(heat.data.result).toEqual([
        expect.objectContaining({ name: '采集话题', video_count: null, growth: null }),
        expect.objectContaining({ name: '导入话题', video_count: 40, growth: -0.2 }),
      ]);
      // A visitor's banded growth stays null too.
      expect((await get(`${TopicPath.list}?kind=video&day=2026-11-23`)).data.result[0].growth).toBeNull();
      for (const sort of ['video_count', 'growth']) {
        expect(names(await get(`${TopicPath.list}?kind=video&day=2026-11-23&sort=${sort}`))).toEqual([
          '导入话题',
          '采集话题',
        ]);
      }
    });

    it('refuses a missing or unknown kind, sort and day in Chinese', async () => {
      expect(await get(TopicPath.list)).toMatchObject({ code: Code.BAD_REQUEST, msg: '话题类型不正确' });
      expect(await get(`${TopicPath.list}?kind=live`)).toMatchObject({ msg: '话题类型不正确' });
      expect(await get(`${TopicPath.list}?kind=video&sort=likes`)).toMatchObject({ msg: '排序字段不正确' });
      expect(await get(`${TopicPath.list}?kind=video&day=yesterday`)).toMatchObject({ msg: '日期格式不正确' });
    });

    it('refuses a day that is not on the calendar with 400 and 日期格式不正确, not a server error', async () => {
      for (const day of ['2026-13-45', '2026-02-29', '2026-04-31', '2026-00-10']) {
        const response = await t.request({ method: 'GET', url: `${TopicPath.list}?kind=video&day=${day}` });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ code: Code.BAD_REQUEST, msg: '日期格式不正确', data: null });
      }
    });
  });

  describe('a topic’s works', () => {
    it('lists the watchable works under a topic, most liked or newest first', async () => {
      const liked = await createVideo(db(), { goodCount: 50_000, createTime: new Date('2026-11-02T00:00:00Z') });
      const fresh = await createVideo(db(), { goodCount: 10, createTime: new Date('2026-11-19T00:00:00Z') });
      const hidden = await createVideo(db(), { status: 'hidden' });
      await createVideo(db(), { goodCount: 1_000_000 });
      const topic = await createTopic(db(), { name: '作品话题', videoIds: [liked.id, fresh.id, hidden.id] });

      const answer = await get(`${TopicPath.videos}?topic_id=${topic.id}`);
      expect(answer.code).toBe(Code.OK);
      expect(answer.data.result.map((row: { video_id: string }) => row.video_id)).toEqual([
        liked.awemeId,
        fresh.awemeId,
      ]);
      expect(answer.data).toMatchObject({ total_record: 2, data_max: 10 });
      const newest = await get(`${TopicPath.videos}?topic_id=${topic.id}&sort=create_time`);
      expect(newest.data.result.map((row: { video_id: string }) => row.video_id)).toEqual([
        fresh.awemeId,
        liked.awemeId,
      ]);
    });

    it('answers 404 话题不存在 for an unknown topic and refuses a bad id in Chinese', async () => {
      expect(await get(`${TopicPath.videos}?topic_id=987654`)).toMatchObject({
        code: Code.NOT_FOUND,
        msg: videoMessages.topicNotFound,
      });
      expect(await get(TopicPath.videos)).toMatchObject({ code: Code.BAD_REQUEST, msg: '话题编号不正确' });
      expect(await get(`${TopicPath.videos}?topic_id=abc`)).toMatchObject({ msg: '话题编号不正确' });
      expect(await get(`${TopicPath.videos}?topic_id=0`)).toMatchObject({ msg: '话题编号不正确' });
    });
  });
});

import { Code, CreatorPath, LivePath, TopicPath, VideoPath } from '@dso/contract';
import { describe, expect, it } from 'vitest';
import { rowCount } from '../../../testing/database';
import { useTestApp } from '../../../testing/route-suite';
import type { VideoImportKind } from './video-import';
import { importVideoFile } from './video-import.service';

const CREATOR = 'MS4wLjABAAAAkinds1';
const VIDEO = '7510000000000000001';

const creatorsCsv = [
  'user_id,nick_name,follower_count,total_favorited,aweme_count,as_of',
  `${CREATOR},山野露营志,52000,900000,30,2026-11-20`,
].join('\n');

const videosJsonl = JSON.stringify({
  aweme_id: VIDEO,
  author_user_id: CREATOR,
  desc: '第一次露营带什么 #露营装备',
  // Published at 10:30 in Shanghai: the trend window starts at 10:00 (02:00Z).
  create_time: '2026-11-18T10:30:00+08:00',
  duration_ms: 15000,
  good_count: 5000,
  comment_count: 80,
  share_count: 20,
  collect_count: 300,
});

const jsonl = (rows: object[]) => rows.map((row) => JSON.stringify(row)).join('\n');

describe('importing trends, follower history, portraits, live sessions and topics', () => {
  let svip: string;
  const t = useTestApp({}, async () => {
    svip = await tokenOf('SVIP');
    expect(await run(creatorsCsv, 'creators')).toMatchObject({ inserted: 1, errorRows: 0 });
    expect(await run(videosJsonl, 'videos', 'jsonl')).toMatchObject({ inserted: 1, errorRows: 0 });
  });
  const { db, get, tokenOf } = t;
  const run = (text: string, kind: VideoImportKind, format: 'csv' | 'jsonl' = 'csv') =>
    importVideoFile(db(), Buffer.from(text), kind, format, { now: new Date('2026-11-20T10:00:00Z') });
  const count = (table: string) => rowCount(db(), table);

  describe('trends', () => {
    const trendsCsv = [
      'aweme_id,time,good_count,comment_count,share_count,collect_count',
      `${VIDEO},2026-11-18T02:45:00Z,100,2,0,5`,
      `${VIDEO},2026-11-18T03:10:00Z,400,6,1,12`,
      `${VIDEO},1794974400,900,10,,20`,
      `${VIDEO},2026-11-18T01:59:00Z,1,0,0,0`,
      `${VIDEO},2026-11-21T02:00:00Z,1,0,0,0`,
      '7599999999999999999,2026-11-18T03:00:00Z,1,0,0,0',
    ].join('\n');

    it('puts each point in its hour of the window and shows them in the video trend call', async () => {
      const outcome = await run(trendsCsv, 'trends');
      expect(outcome).toMatchObject({ total: 6, inserted: 3, updated: 0, errorRows: 3, failure: null });
      expect(outcome.errors).toEqual([
        { row: 7, column: 'aweme_id', message: '视频不存在，请先导入视频' },
        { row: 5, column: 'time', message: '统计时间应在视频发布后72小时内' },
        { row: 6, column: 'time', message: '统计时间应在视频发布后72小时内' },
      ]);
      const answer = await get(`${VideoPath.trend}?aweme_id=${VIDEO}`, svip);
      expect(answer.code).toBe(Code.OK);
      // Each hour's figure is drawn at the hour's end (a reading at 02:45 stands for 02:00–03:00 and is
      // shown at 03:00), so no point precedes what was observed.
      expect(answer.data).toEqual([
        {
          create_time: Date.parse('2026-11-18T03:00:00Z') / 1000,
          good_value: 100,
          good_increment: 100,
          comment_value: 2,
          share_value: 0,
          collect_value: 5,
        },
        expect.objectContaining({ create_time: Date.parse('2026-11-18T04:00:00Z') / 1000, good_value: 400 }),
        // 1794974400 = 04:00Z, its hour shown at 05:00: the hour between stays unobserved and is left out; the
        // empty share reads 0.
        expect.objectContaining({ good_value: 900, good_increment: 500, share_value: 0 }),
      ]);
    });

    it('updates the same hours on a re-import and keeps the hours a file does not name', async () => {
      const again = await run(trendsCsv.replace(',400,6,', ',450,6,'), 'trends');
      expect(again).toMatchObject({ inserted: 0, updated: 3, errorRows: 3 });
      const more = await run(
        ['aweme_id,time,good_count', `${VIDEO},2026-11-18T05:00:00Z,1300`, `${VIDEO},2026-11-18T05:30:00Z,1350`].join(
          '\n',
        ),
        'trends',
      );
      // Two rows of the same hour: the last wins, one new point.
      expect(more).toMatchObject({ inserted: 1, updated: 0 });
      const answer = await get(`${VideoPath.trend}?aweme_id=${VIDEO}`, svip);
      expect(answer.data.map((point: { good_value: number }) => point.good_value)).toEqual([100, 450, 900, 1350]);
      expect(await count('video_trends')).toBe(1);
    });
  });

  describe('follower history', () => {
    it('adds days a creator detail trend shows, and updates them on a re-import', async () => {
      const csv = [
        'user_id,day,follower_count',
        `${CREATOR},2026-11-18,50000`,
        `${CREATOR},2026-11-19,51000`,
        `${CREATOR},2026-11-20,52000`,
        'MS4wLjABAAAAnobody,2026-11-20,1',
      ].join('\n');
      expect(await run(csv, 'follower_history')).toMatchObject({
        inserted: 3,
        errorRows: 1,
        errors: [{ row: 5, column: 'user_id', message: '达人不存在，请先导入达人' }],
      });
      const answer = await get(`${CreatorPath.followerTrend}?userId=${CREATOR}&days=7`, svip);
      expect(answer.data).toEqual({
        as_of: '2026-11-20',
        points: [
          { day: '2026-11-18', follower_count: 50_000, increment: 0 },
          { day: '2026-11-19', follower_count: 51_000, increment: 1_000 },
          { day: '2026-11-20', follower_count: 52_000, increment: 1_000 },
        ],
      });
      expect(await run(csv.replace('51000', '50500'), 'follower_history')).toMatchObject({ inserted: 0, updated: 3 });
      expect(await count('creator_follower_history')).toBe(3);
    });
  });

  describe('portraits', () => {
    const portraitsJsonl = jsonl([
      { subject_type: 'video', subject_id: VIDEO, dimension: 'gender', label: '女', share: 0.62 },
      { subject_type: 'video', subject_id: VIDEO, dimension: 'gender', label: '男', share: 0.38 },
      { subject_type: 'video', subject_id: VIDEO, dimension: 'province', label: '广东', share: '18%' },
      { subject_type: 'video', subject_id: VIDEO, dimension: 'province', label: '浙江', share: '21%' },
      { subject_type: 'video', subject_id: VIDEO, dimension: 'interest', label: '旅游出行', share: 0.5 },
      {
        subject_type: 'creator',
        subject_id: CREATOR,
        dimension: '年龄',
        label: '24-30',
        share: 0.4,
        as_of: '2026-11-19',
      },
      { subject_type: 'creator', subject_id: CREATOR, dimension: '年龄', label: '31-40', share: 0.3 },
      { subject_type: 'video', subject_id: '7599999999999999999', dimension: 'age', label: '18-23', share: 0.2 },
      { subject_type: 'creator', subject_id: 'MS4wLjABAAAAnobody', dimension: 'age', label: '18-23', share: 0.2 },
    ]);
    /** The audience tab of the video, and the creator's, as an SVIP member reads it. */
    const videoPortrait = async () => (await get(`${VideoPath.portrait}?videoId=${VIDEO}`, svip)).data;
    const creatorPortrait = async () => (await get(`${CreatorPath.portrait}?userId=${CREATOR}`, svip)).data;
    /** The video's gender shares as the rows above give them. */
    const videoGenderShares = [
      { name: '女', value: 0.62 },
      { name: '男', value: 0.38 },
    ];

    it('fills the audience tabs of a video and a creator, leading labels made from the shares', async () => {
      const outcome = await run(portraitsJsonl, 'portraits', 'jsonl');
      expect(outcome).toMatchObject({ total: 9, inserted: 7, updated: 0, errorRows: 2 });
      expect(outcome.errors).toEqual([
        { row: 8, column: 'subject_id', message: '视频不存在，请先导入视频' },
        { row: 9, column: 'subject_id', message: '达人不存在，请先导入达人' },
      ]);
      expect(await videoPortrait()).toMatchObject({
        gender: '女',
        province: '浙江',
        area: '浙江',
        gender_more: videoGenderShares,
        province_more: [
          { name: '浙江', value: 0.21 },
          { name: '广东', value: 0.18 },
        ],
        interest_more: [{ name: '旅游出行', value: 0.5 }],
        age_more: [],
        as_of: '2026-11-20',
        empty_text: null,
        region_empty_text: null,
      });
      expect(await creatorPortrait()).toMatchObject({
        age: '24-30',
        age_more: [
          { name: '24-30', value: 0.4 },
          { name: '31-40', value: 0.3 },
        ],
        as_of: '2026-11-19',
        region_empty_text: '暂无地区分布',
      });
    });

    it('updates labels on a re-import, removes a label given a share of 0, and never duplicates', async () => {
      expect(await run(portraitsJsonl, 'portraits', 'jsonl')).toMatchObject({ inserted: 0, updated: 7 });
      const change = jsonl([
        { subject_type: '视频', subject_id: VIDEO, dimension: '省份', label: '浙江', share: 0 },
        { subject_type: '视频', subject_id: VIDEO, dimension: '省份', label: '四川', share: 0.05 },
      ]);
      expect(await run(change, 'portraits', 'jsonl')).toMatchObject({ inserted: 1, updated: 1 });
      expect(await videoPortrait()).toMatchObject({
        province: '广东',
        province_more: [
          { name: '广东', value: 0.18 },
          { name: '四川', value: 0.05 },
        ],
        gender_more: videoGenderShares,
      });
      expect(await count('audience_portraits')).toBe(2);
    });
  });

  describe('live sessions', () => {
    const ROOM = '7300000000000000001';
    const sessionsCsv = [
      'room_id,author_user_id,title,start_time,end_time,watch_count,peak_online,sales_amount_fen,goods',
      `${ROOM},${CREATOR},露营装备专场,2026-11-20T12:00:00Z,2026-11-20T14:00:00Z,3000,420,1290000,"[{""title"":""帐篷"",""price_fen"":12900,""sales"":100}]"`,
      `7300000000000000002,MS4wLjABAAAAnobody,无主直播,2026-11-20T12:00:00Z,,1,1,0,`,
    ].join('\n');
    const minutesCsv = [
      'room_id,minute,online,entering,sales_fen',
      `${ROOM},0,120,40,0`,
      `${ROOM},1,260,90,12900`,
      `${ROOM},2,420,60,25800`,
      '7300000000000000404,0,1,1,0',
    ].join('\n');

    it('imports a session head with its goods and its minutes, shown by the live detail call', async () => {
      const heads = await run(sessionsCsv, 'live_sessions');
      expect(heads).toMatchObject({
        inserted: 1,
        errorRows: 1,
        errors: [{ row: 3, column: 'author_user_id', message: '达人不存在，请先导入达人' }],
      });
      const minutes = await run(minutesCsv, 'live_minutes');
      expect(minutes).toMatchObject({
        inserted: 3,
        errorRows: 1,
        errors: [{ row: 5, column: 'room_id', message: '直播不存在，请先导入直播场次' }],
      });
      const answer = await get(`${LivePath.detail}?lid=${ROOM}`);
      expect(answer.code).toBe(Code.OK);
      expect(answer.data).toMatchObject({
        room_id: ROOM,
        title: '露营装备专场',
        watch_count: 3000,
        peak_online: 420,
        end_time: Date.parse('2026-11-20T14:00:00Z') / 1000,
        goods: [expect.objectContaining({ title: '帐篷', price: 12_900 })],
        creator: { user_id: CREATOR, nick_name: '山野露营志' },
      });
      expect(answer.data.minutes.map((minute: { online: number }) => minute.online)).toEqual([120, 260, 420]);
    });

    it('updates on a re-import, keeping the goods a file leaves empty', async () => {
      const withoutGoods = sessionsCsv.replace(/,"\[.*\]"$/m, ',').replace('3000,420', '3500,420');
      expect(await run(withoutGoods, 'live_sessions')).toMatchObject({ inserted: 0, updated: 1 });
      expect(await run(minutesCsv.replace(',260,90,', ',280,90,'), 'live_minutes')).toMatchObject({
        inserted: 0,
        updated: 3,
      });
      const answer = await get(`${LivePath.detail}?lid=${ROOM}`);
      expect(answer.data).toMatchObject({ watch_count: 3500, goods: [expect.objectContaining({ title: '帐篷' })] });
      expect(answer.data.minutes.map((minute: { online: number }) => minute.online)).toEqual([120, 280, 420]);
      expect([await count('live_sessions'), await count('live_minutes')]).toEqual([1, 3]);
    });
  });

  describe('topics', () => {
    const topicsCsv = [
      'kind,name,day,heat,video_count,growth',
      'video,#露营装备,2026-11-20,980000,1,12%',
      '图文,露营穿搭,2026-11-20,50000,0,',
      'live,坏类型,2026-11-20,1,1,',
    ].join('\n');
    const linksCsv = [
      'kind,name,day,aweme_id',
      `video,露营装备,2026-11-20,${VIDEO}`,
      `video,不存在的话题,2026-11-20,${VIDEO}`,
      'video,露营装备,2026-11-20,7599999999999999999',
    ].join('\n');

    it('imports topics and their works, shown by the topic list and topic videos calls', async () => {
      const topics = await run(topicsCsv, 'topics');
      expect(topics).toMatchObject({ inserted: 2, errorRows: 1 });
      expect(topics.errors[0]).toEqual({
        row: 4,
        column: 'kind',
        message: '话题类型应为 video（视频）或 image_text（图文）',
      });
      expect(await run(linksCsv, 'topic_videos')).toMatchObject({
        inserted: 1,
        errorRows: 2,
        errors: [
          { row: 3, column: 'name', message: '话题不存在，请先导入话题' },
          { row: 4, column: 'aweme_id', message: '视频不存在，请先导入视频' },
        ],
      });
      const list = await get(`${TopicPath.list}?kind=video&day=2026-11-20`, svip);
      expect(list.data.result).toEqual([
        // Growth is banded for a viewer without exact figures.
        expect.objectContaining({ name: '露营装备', heat: 980_000, video_count: 1, growth: '10%-15%' }),
      ]);
      const works = await get(`${TopicPath.videos}?topic_id=${list.data.result[0].id}`, svip);
      expect(works.data.result.map((video: { video_id: string }) => video.video_id)).toEqual([VIDEO]);
    });

    it('updates topics and keeps one link on a re-import', async () => {
      expect(await run(topicsCsv.replace('980000', '990000'), 'topics')).toMatchObject({ inserted: 0, updated: 2 });
      expect(await run(linksCsv, 'topic_videos')).toMatchObject({ inserted: 0, updated: 1 });
      expect([await count('topics'), await count('topic_videos')]).toEqual([2, 1]);
    });
  });
});

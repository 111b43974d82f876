import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client';
import { rowCount } from '../../../testing/database';
import { useTestDatabase } from '../../../testing/route-suite';
import { campingKeyword } from '../../../testing/videos';
import { upsertKeywords } from '../../keywords';
import { importVideoFile } from './video-import.service';

const creatorsCsv = [
  'user_id,nick_name,unique_id,gender,province,city,field,verified,is_commerce,follower_count,follower_growth_30d,total_favorited,aweme_count,video_comment_total_count,sales_amount_fen,as_of',
  'MS4wLjABAAAAimport1,露营老王,laowang,男,浙江,杭州,旅游出行,是,1,52000,-300,900000,30,12000,5000000,2026-11-20',
  'MS4wLjABAAAAimport2,小鹿美食,xiaolu,2,广东,广州,美食餐饮,0,否,8000,,40000,20,,,2026-11-20',
  ',无名,,,,,,,,12,,1,1,,,2026-11-20',
  'MS4wLjABAAAAimport3,坏行,,9,,,,也许,,-5,,1,1,,,2026/11/20',
].join('\n');

const videosJsonl = [
  {
    aweme_id: '7500000000000000001',
    author_user_id: 'MS4wLjABAAAAimport1',
    desc: '露营装备推荐｜新手第一次露营带什么 #露营装备',
    tags: ['露营装备', '户外'],
    create_time: 1763600000,
    duration_ms: 0,
    good_count: 1200,
    comment_count: 30,
    share_count: 5,
    collect_count: 80,
    goods: [{ title: '帐篷', price_fen: 19900, sales: 12 }],
    keywords: ['露营装备', '不在词库里的词'],
    transcript: '第一次露营别慌。\n最后，帐篷一定要提前试搭。',
  },
  {
    aweme_id: '7500000000000000002',
    author_user_id: 'MS4wLjABAAAAnobody',
    desc: '无主之作',
    create_time: '2026-11-19T08:00:00+08:00',
    duration_ms: 15000,
    good_count: 1,
    comment_count: 0,
    share_count: 0,
    collect_count: 0,
  },
]
  .map((row) => JSON.stringify(row))
  .concat(['{not json', JSON.stringify({ aweme_id: '7500000000000000003', desc: '缺字段', duration_ms: 'long' })])
  .join('\n');

const commentsCsv = [
  'aweme_id,cid,text,create_time,digg_count,reply_count,nickname',
  '7500000000000000001,c1,帐篷在哪买,1763610000,50,2,路人甲',
  '7500000000000000001,c2,这个帐篷好用吗,1763620000,20,0,晚风',
  '7599999999999999999,c3,视频不存在,1763620000,1,0,路人',
  '7500000000000000001,c4,,1763620000,1,0,路人',
].join('\n');

describe('importing video data', () => {
  const db = () => handle.db;
  const count = (table: string) => rowCount(db(), table);

  const handle = useTestDatabase(async () => {
    await upsertKeywords(db(), [campingKeyword]);
  });

  it('imports creators from CSV and reports each bad row with its column', async () => {
    const outcome = await importVideoFile(db(), Buffer.from(creatorsCsv), 'creators', 'csv');
    expect(outcome).toMatchObject({ total: 4, inserted: 2, updated: 0, errorRows: 2, failure: null });
    expect(outcome.errors).toEqual(
      expect.arrayContaining([
        { row: 4, column: 'user_id', message: '达人ID不能为空' },
        { row: 5, column: 'gender', message: '性别应为 0/1/2 或 男/女/未知' },
        { row: 5, column: 'verified', message: '认证应为 true/false、1/0 或 是/否' },
        { row: 5, column: 'follower_count', message: '粉丝数必须是非负整数' },
        { row: 5, column: 'as_of', message: '数据日期格式应为 YYYY-MM-DD' },
      ]),
    );
    const [wang] = await queryRows<{ gender: number; avg: number; growth: number; verified: boolean }>(
      db(),
      sql`SELECT gender, avg_good_count::int AS avg, follower_growth_30d::int AS growth, verified FROM creators
          WHERE user_id = 'MS4wLjABAAAAimport1'`,
    );
    expect(wang).toEqual({ gender: 1, avg: 30_000, growth: -300, verified: true });
  });

  it('imports videos from JSONL with their transcripts, links their library keywords, and refuses unknown authors per row', async () => {
    const outcome = await importVideoFile(db(), Buffer.from(videosJsonl), 'videos', 'jsonl', {
      now: new Date('2026-11-20T10:00:00Z'),
    });
    expect(outcome).toMatchObject({ total: 4, inserted: 1, updated: 0, errorRows: 3 });
    expect(outcome.errors).toEqual(
      expect.arrayContaining([
        { row: 2, column: 'author_user_id', message: '达人不存在，请先导入达人' },
        { row: 3, column: null, message: '不是有效的 JSON 对象' },
        expect.objectContaining({ row: 4, column: 'author_user_id' }),
        expect.objectContaining({ row: 4, column: 'duration_ms' }),
      ]),
    );
    const [video] = await queryRows<{
      duration_ms: number;
      is_with_goods: boolean;
      transcript: string;
      keywords: string[];
    }>(
      db(),
      sql`SELECT v.duration_ms, v.is_with_goods, v.transcript, array(SELECT k.keyword FROM video_keywords vk JOIN keywords k ON k.id = vk.keyword_id
            WHERE vk.video_id = v.id) AS keywords FROM videos v`,
    );
    expect(video).toEqual({
      duration_ms: 0,
      is_with_goods: true,
      transcript: '第一次露营别慌。\n最后，帐篷一定要提前试搭。',
      keywords: ['露营装备'],
    });
  });

  it('imports comments, counts their hot words, and updates rather than duplicates on a re-import', async () => {
    const first = await importVideoFile(db(), Buffer.from(commentsCsv), 'comments', 'csv');
    expect(first).toMatchObject({ total: 4, inserted: 2, updated: 0, errorRows: 2 });
    expect(first.errors).toEqual([
      { row: 5, column: 'text', message: '评论内容不能为空' },
      { row: 4, column: 'aweme_id', message: '视频不存在，请先导入视频' },
    ]);
    const [hot] = await queryRows<{ words: Array<{ name: string; count: number }> }>(
      db(),
      sql`SELECT words FROM video_hot_words`,
    );
    expect(hot!.words[0]).toEqual({ name: '帐篷', count: 2 });

    const again = await importVideoFile(db(), Buffer.from(commentsCsv.replace(',50,2,', ',99,2,')), 'comments', 'csv');
    expect(again).toMatchObject({ inserted: 0, updated: 2, errorRows: 2 });
    expect(await count('video_comments')).toBe(2);
    const [liked] = await queryRows<{ digg: number }>(
      db(),
      sql`SELECT digg_count::int AS digg FROM video_comments WHERE cid = 'c1'`,
    );
    expect(liked!.digg).toBe(99);

    expect(await importVideoFile(db(), Buffer.from(creatorsCsv), 'creators', 'csv')).toMatchObject({
      inserted: 0,
      updated: 2,
    });
    expect(await importVideoFile(db(), Buffer.from(videosJsonl), 'videos', 'jsonl')).toMatchObject({
      inserted: 0,
      updated: 1,
    });
    expect(await count('creators')).toBe(2);
    expect(await count('videos')).toBe(1);
    expect(await count('video_keywords')).toBe(1);
  });

  it('refuses a CSV without a required column as a whole', async () => {
    const outcome = await importVideoFile(db(), Buffer.from('aweme_id,text\n1,x'), 'comments', 'csv');
    expect(outcome.failure).toBe('缺少必填列：cid、create_time、digg_count');
    expect(outcome.total).toBe(0);
  });
});

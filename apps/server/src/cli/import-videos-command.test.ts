import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir, useTestDatabase } from '../testing/route-suite';
import { importVideosUsage, runImportVideosCommand } from './import-videos-command';

const CREATOR = 'MS4wLjABAAAAcli1';
const VIDEO = '7520000000000000001';
const ROOM = '7300000000000000901';

/** One small file per kind, in the order they import: each names rows of the ones before it. */
const files: Array<{ kind: string; name: string; text: string; rows: number }> = [
  {
    kind: 'creators',
    name: 'creators.csv',
    text: `user_id,nick_name,follower_count,total_favorited,aweme_count,as_of\n${CREATOR},露营的阿杰,1000,2000,3,2026-11-20`,
    rows: 1,
  },
  {
    kind: 'follower_history',
    name: 'followers.csv',
    text: `user_id,day,follower_count\n${CREATOR},2026-11-19,990\n${CREATOR},2026-11-20,1000`,
    rows: 2,
  },
  {
    kind: 'videos',
    name: 'videos.jsonl',
    text: JSON.stringify({
      aweme_id: VIDEO,
      author_user_id: CREATOR,
      desc: '露营早餐怎么做',
      create_time: 1794967200,
      duration_ms: 0,
      good_count: 10,
      comment_count: 1,
      share_count: 0,
      collect_count: 1,
    }),
    rows: 1,
  },
  {
    kind: 'trends',
    name: 'trends.csv',
    text: `aweme_id,time,good_count\n${VIDEO},1794967200,3\n${VIDEO},1794970800,7`,
    rows: 2,
  },
  {
    kind: 'portraits',
    name: 'portraits.csv',
    text: `subject_type,subject_id,dimension,label,share\nvideo,${VIDEO},gender,女,0.7\ncreator,${CREATOR},device,iPhone,45%`,
    rows: 2,
  },
  {
    kind: 'live_sessions',
    name: 'live.csv',
    text: `room_id,author_user_id,start_time,watch_count,peak_online,sales_amount_fen\n${ROOM},${CREATOR},1794967200,10,5,0`,
    rows: 1,
  },
  { kind: 'live_minutes', name: 'minutes.csv', text: `room_id,minute,online\n${ROOM},0,3\n${ROOM},1,5`, rows: 2 },
  {
    kind: 'topics',
    name: 'topics.csv',
    text: 'kind,name,day,heat,video_count\nvideo,露营早餐,2026-11-20,500,1',
    rows: 1,
  },
  {
    kind: 'topic_videos',
    name: 'topic-videos.csv',
    text: `kind,name,day,aweme_id\nvideo,露营早餐,2026-11-20,${VIDEO}`,
    rows: 1,
  },
];

describe('npm run import-videos', () => {
  const handle = useTestDatabase();
  const dir = useTempDir('import-videos-cli-', async (made) => {
    for (const file of files) await writeFile(path.join(made, file.name), file.text);
  });

  const run = async (args: string[]) => {
    const printed: string[] = [];
    const result = await runImportVideosCommand(handle.db, args, (line) => printed.push(line), dir());
    return { ...result, printed };
  };

  it('imports a file of every kind named by --kind, then updates the same rows on a second run', async () => {
    for (const file of files) {
      const first = await run([file.name, '--kind', file.kind]);
      expect(first.exitCode, file.kind).toBe(0);
      expect(first.printed[1], file.kind).toBe(`共 ${file.rows} 行：新增 ${file.rows}，更新 0，错误 0`);
    }
    for (const file of files) {
      const again = await run([file.name, '--kind', file.kind]);
      expect(again.printed[1], file.kind).toBe(`共 ${file.rows} 行：新增 0，更新 ${file.rows}，错误 0`);
    }
    // Eighteen files, each read by its own parse worker.
  }, 120_000);

  it('lists refused rows with their row, column and reason', async () => {
    await writeFile(path.join(dir(), 'bad-minutes.csv'), 'room_id,minute,online\n7300000000000000404,0,1');
    const { exitCode, printed } = await run(['bad-minutes.csv', '--kind', 'live_minutes']);
    expect(exitCode).toBe(0);
    expect(printed.slice(1)).toEqual([
      '共 1 行：新增 0，更新 0，错误 1',
      '  第 2 行 [room_id]：直播不存在，请先导入直播场次',
    ]);
  });

  it('takes the format from --format when the name does not tell it', async () => {
    await writeFile(path.join(dir(), 'topics.txt'), files.find((file) => file.kind === 'topics')!.text);
    expect((await run(['topics.txt', '--kind', 'topics'])).printed).toEqual([
      '无法判断文件格式，请用 --format csv|jsonl 指定',
    ]);
    expect((await run(['topics.txt', '--kind', 'topics', '--format', 'csv'])).outcome).toMatchObject({ updated: 1 });
  });

  it('fails a file without a required column with exit code 1, and a wrong kind with the usage', async () => {
    const failed = await run(['topics.csv', '--kind', 'topic_videos']);
    expect(failed.exitCode).toBe(1);
    expect(failed.printed[1]).toBe('失败：缺少必填列：aweme_id');
    expect(await run(['topics.csv', '--kind', 'shops'])).toMatchObject({ exitCode: 2, printed: [importVideosUsage] });
    expect(await run(['--kind', 'topics'])).toMatchObject({ exitCode: 2 });
  });
});

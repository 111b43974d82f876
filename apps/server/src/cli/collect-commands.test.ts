import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { favourites } from '../db/schema';
import { scriptedHotList, scriptedSource, vendorError } from '../features/collection/collection.testing';
import { createUser, createVideo } from '../testing';
import { useTestDatabase } from '../testing/route-suite';
import { CliError } from './cli-kit';
import { runCollectCommand } from './collect-commands';

describe('npm run collect', () => {
  const handle = useTestDatabase();
  const silent = { info() {}, warn() {}, error() {} };
  const config = loadConfig({ COLLECT_DAILY_CALLS: 'platform-data=40' });

  const run = async (line: string[], platformData = scriptedSource({ videos: {} })) => {
    const printed: string[] = [];
    const data = await runCollectCommand(handle.db, line, (text) => printed.push(text), {
      config,
      log: silent,
      platformData,
      hotList: scriptedHotList({}),
    });
    return { printed, data };
  };
  const refusal = async (line: string[], platformData?: ReturnType<typeof scriptedSource>) => {
    const error = await run(line, platformData).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(CliError);
    return (error as CliError).message;
  };

  it('shows each collection with its schedule and no runs yet', async () => {
    const { printed } = await run(['status']);
    expect(printed[0]).toMatch(
      /^watched_works（关注作品刷新） 数据源 platform-data（sandbox） 计划 30 4 \* \* \* 下次 \d{4}-\d\d-\d\d 04:30 今日调用 0\/40$/,
    );
    expect(printed[1]).toBe('  尚无运行记录');
  });

  it('runs a collection in place and lists the run, then a failing one with the vendor’s reason', async () => {
    const { printed } = await run(['run', 'watched_works']);
    expect(printed).toEqual(['watched_works empty：新增 0 更新 0 未变 0 失败 0']);

    const user = await createUser(handle.db);
    const video = await createVideo(handle.db);
    await handle.db
      .insert(favourites)
      .values({ userId: user.id, kind: 'video', platform: 'DSO', subjectKey: video.awemeId });
    const failing = scriptedSource({ videos: {}, fail: vendorError('unavailable', 'TikHub 503: upstream timeout') });
    expect(await refusal(['run', 'watched_works'], failing)).toMatch(
      /^采集失败：watched_works manual@\S+: TikHub 503: upstream timeout$/,
    );
    const status = await run(['status']);
    expect(status.printed[1]).toMatch(
      /^ {2}#\d+ manual@\S+ failed .* 调用 1 失败 1 原因：TikHub 503: upstream timeout$/,
    );
    expect(status.printed[2]).toMatch(/^ {2}#\d+ manual@\S+ empty .* 调用 0 失败 0$/);
  });

  it('refuses an unknown collection, a stray word and no command', async () => {
    expect(await refusal(['run', 'hot_lists'])).toBe(
      '采集不存在：hot_lists（可选：watched_works、hot_boards、douyin_hot_boards、suggestions、top_works、red_hot_boards、kuaishou_hot_boards、red_suggestions、bilibili_hot_boards、work_discovery、topic_suggestions）',
    );
    expect(await refusal(['status', 'now'])).toContain('用法：npm run collect');
    expect(await refusal(['sweep'])).toContain('run <采集名>');
  });
});

import { formatTime } from '@dso/domain';
import type { AppConfig, CollectionName } from '../config';
import { scheduledCollections } from '../config';
import type { Database } from '../db/client';
import { type CollectionDeps, collectionStatus, runCollectionNow } from '../features/collection';
import { CLI_ACTOR_NAME } from '../features/console';
import type { JobLogger } from '../features/jobs';
import { CliError, type Print } from './cli-kit';

const names = Object.keys(scheduledCollections) as CollectionName[];

export const collectUsage = `用法：npm run collect -- <命令>
  status               每个采集的数据源、计划（cron，Asia/Shanghai）、下次运行、今日调用与额度、最近的运行
  run <采集名>         立即在本进程运行一次采集（记录为手动运行），采集名：${names.join('、')}
详见 docs/collection.md`;

const seconds = (value: number | null) => (value === null ? '—' : formatTime(value * 1000, 'YYYY-MM-DD HH:mm'));

/** `npm run collect -- <command>`; answers what it acted on (the status, or the run's outcome). */
export async function runCollectCommand(
  db: Database,
  args: string[],
  print: Print,
  deps: CollectionDeps & { config: Pick<AppConfig, 'collection'> & Partial<AppConfig>; log: JobLogger },
) {
  const [command, name, ...rest] = args;
  if (command === 'status' && name === undefined) {
    const status = await collectionStatus(db, deps.config);
    for (const item of status) {
      print(
        `${item.name}（${item.label}） 数据源 ${item.source}（${item.provider}） 计划 ${item.cron ?? '已关闭'} 下次 ${seconds(item.next_run_time)} 今日调用 ${item.calls_today}/${item.daily_calls}`,
      );
      for (const run of item.runs) {
        const counts = `新增 ${run.rows_added} 更新 ${run.rows_updated} 未变 ${run.rows_unchanged} 调用 ${run.calls_made} 失败 ${run.failures}`;
        print(
          `  #${run.id} ${run.window} ${run.status} ${seconds(run.start_time)} ${counts}${run.error ? ` 原因：${run.error}` : ''}`,
        );
      }
      if (item.runs.length === 0) print('  尚无运行记录');
    }
    return status;
  }
  if (command === 'run' && name !== undefined && rest.length === 0) {
    if (!names.includes(name as CollectionName)) throw new CliError(`采集不存在：${name}（可选：${names.join('、')}）`);
    const outcome = await runCollectionNow(db, {
      ...deps,
      limits: deps.limits ?? deps.config.collection.limits,
      collection: name as CollectionName,
      staffName: CLI_ACTOR_NAME,
    }).catch((error: unknown) => {
      throw new CliError(`采集失败：${(error as Error).message}`);
    });
    if (outcome.status === 'busy' || outcome.status === 'taken') throw new CliError(`${name} 正在运行，请稍后再试`);
    const { tally } = outcome;
    print(
      `${name} ${outcome.status}：新增 ${tally.added} 更新 ${tally.updated} 未变 ${tally.unchanged} 失败 ${tally.failures}${tally.error ? ` 原因：${tally.error}` : ''}`,
    );
    return outcome;
  }
  throw new CliError(collectUsage);
}

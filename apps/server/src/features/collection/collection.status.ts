import type { ConsoleCollection } from '@dso/contract';
import {
  type AppConfig,
  type CollectionName,
  collectionSources,
  outsideServices,
  scheduledCollections,
} from '../../config';
import type { Database } from '../../db/client';
import { unixSeconds } from '../../lib/unix-seconds';
import { callsToday, recentRuns } from './collection.runs';
import { nextWindow } from './collection.windows';

/** Runs shown per collection. */
const RUNS_SHOWN = 10;

export type CollectionStatus = ConsoleCollection;

/**
 * Each collection as the operator sees it (the console's 采集 tab, `npm run collect -- status`): its source and
 * provider, cron and next run, latest runs, and its source's calls today against the daily budget.
 */
export async function collectionStatus(
  db: Database,
  config: Pick<AppConfig, 'collection'> & Partial<AppConfig>,
  now = new Date(),
): Promise<CollectionStatus[]> {
  const used = await callsToday(db, now);
  const out: CollectionStatus[] = [];
  for (const name of Object.keys(scheduledCollections) as CollectionName[]) {
    const { label, source, library } = scheduledCollections[name];
    const cron = config.collection.crons[name];
    const limits = config.collection.limits[source];
    const configKey = outsideServices[collectionSources[source].variable].configKey;
    const next = cron ? nextWindow(cron, now) : null;
    const runs = await recentRuns(db, name, RUNS_SHOWN);
    out.push({
      name,
      label,
      source,
      provider: String(config[configKey] ?? 'sandbox'),
      cron,
      next_run_time: next ? unixSeconds(next) : null,
      calls_today: used.get(source) ?? 0,
      daily_calls: limits.dailyCalls,
      calls_per_second: limits.callsPerSecond,
      library,
      runs: runs.map((run) => ({
        id: run.id,
        window: run.windowKey,
        trigger: run.trigger,
        status: run.status,
        start_time: unixSeconds(run.startedAt),
        finish_time: run.finishedAt ? unixSeconds(run.finishedAt) : null,
        rows_added: run.rowsAdded,
        rows_updated: run.rowsUpdated,
        rows_unchanged: run.rowsUnchanged,
        calls_made: run.callsMade,
        failures: run.failures,
        error: run.error,
        staff_name: run.staffName,
      })),
    });
  }
  return out;
}

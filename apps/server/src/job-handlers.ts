import type { FastifyBaseLogger } from 'fastify';
import { closureHooks } from './closure-hooks';
import type { AppConfig, CollectionSource } from './config';
import type { Database } from './db/client';
import { accountClosureJobHandlers } from './features/account';
import { COLLECTION_RUN_JOB, collectionJobHandlers, type SourceLimits } from './features/collection';
import { extractionJobHandlers } from './features/extraction';
import { imageTextJobHandlers } from './features/image-text';
import { type JobHandlers, JobLanes, type JobLogger, jobLanes } from './features/jobs';
import { keywordJobHandlers, scheduleNightlyDerive } from './features/keywords';
import { liveReplayJobHandlers } from './features/live-replay';
import { monitorAlertJobHandlers, monitoringJobHandlers, scheduleMonitoringRound } from './features/monitoring';
import { invoiceJobHandlers, orderJobHandlers, scheduleOrdersMaintenance } from './features/orders';
import { lapsedHoldsJobHandlers, scheduleLapsedHoldsRound } from './features/permissions';
import { publishingJobHandlers } from './features/publishing';
import {
  scheduleTitleGramsCompaction,
  titleGramJobHandlers,
  videoImportJobHandlers,
  videoJobHandlers,
} from './features/videos';
import { createRateLimitStore, type RateLimitStore } from './lib/rate-limit';
import type { Providers } from './providers';

/**
 * Every job kind the product runs, by kind: what `npm run worker` and the in-process worker serve.
 * Composed here, beside the app, and handed to the worker, so the jobs feature knows no feature's
 * jobs and the features that enqueue jobs can import the queue without a cycle.
 */
export function allJobHandlers(deps?: {
  providers: Pick<
    Providers,
    | 'payment'
    | 'invoice'
    | 'platformData'
    | 'hotList'
    | 'speech'
    | 'llm'
    | 'image'
    | 'rankSource'
    | 'publishing'
    | 'notification'
  >;
  publicUrl: string | undefined;
  /** DATA_DIR, where AI 图文 keeps its pictures and uploads live; the jobs that touch them run only when given. */
  dataDir?: string;
  /** The daily check round's hour and pace (config `monitoring`; defaults: 6 o'clock, 5 a second). */
  monitoring?: { checkHour: number; checksPerSecond: number };
  /** Scheduled collection: each source's budget and pace (config `collection.limits`), and the store pacing calls. */
  collection?: { limits: Record<CollectionSource, SourceLimits>; paceStore?: RateLimitStore };
}): JobHandlers {
  // The orders' upkeep, invoicing and the video refresh need their providers; callers without them (tests of other
  // jobs) skip them.
  return {
    ...keywordJobHandlers,
    ...videoImportJobHandlers,
    ...titleGramJobHandlers,
    ...lapsedHoldsJobHandlers,
    ...(deps ? orderJobHandlers(deps) : {}),
    ...(deps ? invoiceJobHandlers(deps) : {}),
    ...(deps ? videoJobHandlers({ platformData: deps.providers.platformData }) : {}),
    ...(deps ? extractionJobHandlers({ speech: deps.providers.speech }) : {}),
    ...(deps?.dataDir
      ? imageTextJobHandlers({ llm: deps.providers.llm, image: deps.providers.image, dataDir: deps.dataDir })
      : {}),
    ...(deps?.dataDir
      ? accountClosureJobHandlers({ providers: deps.providers, dataDir: deps.dataDir, hooks: closureHooks })
      : {}),
    ...(deps ? liveReplayJobHandlers({ speech: deps.providers.speech, llm: deps.providers.llm }) : {}),
    ...(deps ? publishingJobHandlers({ publishing: deps.providers.publishing }) : {}),
    ...(deps
      ? monitoringJobHandlers({
          rankSource: deps.providers.rankSource,
          ...(deps.monitoring ?? { checkHour: 6, checksPerSecond: 5 }),
        })
      : {}),
    ...(deps ? monitorAlertJobHandlers({ notification: deps.providers.notification, publicUrl: deps.publicUrl }) : {}),
    ...(deps
      ? collectionJobHandlers({
          platformData: deps.providers.platformData,
          hotList: deps.providers.hotList,
          ...deps.collection,
        })
      : {}),
  };
}

/**
 * How many collection runs one process works at once. A suggestions round paced at its vendor's rate takes
 * minutes to hours; with a second slot the hot boards due every two hours (another source, or the same one
 * within its pace) do not wait for it to end.
 */
const COLLECTION_CONCURRENCY = 2;

/**
 * The job workers over every job kind, as the server's in-process worker and `npm run worker` both run
 * them: scheduled collection in a lane of its own, so a long round never holds back an import, a derive or
 * the orders' upkeep (`main`), and the store pacing collection's vendor calls: the rate-limit store, so
 * with REDIS_URL every process of the deployment keeps one pace. Neither is started; close the store after
 * stopping the workers.
 */
export function createJobRunner(options: {
  db: Database;
  providers: NonNullable<Parameters<typeof allJobHandlers>[0]>['providers'];
  config: Pick<AppConfig, 'publicUrl' | 'dataDir' | 'monitoring' | 'collection' | 'redisUrl'>;
  log: JobLogger;
  /** Where the pace store reports a Redis outage (the app's logger). */
  storeLog?: FastifyBaseLogger;
}): { worker: JobLanes; paceStore: RateLimitStore } {
  const { config } = options;
  const paceStore = createRateLimitStore({
    redisUrl: config.redisUrl,
    ...(options.storeLog ? { log: options.storeLog } : {}),
  });
  const handlers = allJobHandlers({
    providers: options.providers,
    publicUrl: config.publicUrl,
    dataDir: config.dataDir,
    monitoring: config.monitoring,
    collection: { limits: config.collection.limits, paceStore },
  });
  const lanes = jobLanes(handlers, [
    { name: 'collection', kinds: [COLLECTION_RUN_JOB], concurrency: COLLECTION_CONCURRENCY },
  ]);
  return { worker: new JobLanes(options.db, lanes, { log: options.log }), paceStore };
}

/**
 * The recurring upkeep every worker keeps queued: the orders' maintenance, the monitoring round, the title character
 * fold, the nightly derive of every keyword library, the give-back of reservations whose request died.
 */
export async function scheduleUpkeep(db: Database, monitoringCheckHour: number): Promise<void> {
  await Promise.all([
    scheduleOrdersMaintenance(db),
    scheduleMonitoringRound(db, monitoringCheckHour),
    scheduleTitleGramsCompaction(db),
    scheduleNightlyDerive(db),
    scheduleLapsedHoldsRound(db),
  ]);
}

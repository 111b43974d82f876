import { closureHooks } from './closure-hooks';
import type { CollectionSource } from './config';
import { accountClosureJobHandlers } from './features/account';
import { collectionJobHandlers, type SourceLimits } from './features/collection';
import { extractionJobHandlers } from './features/extraction';
import { imageTextJobHandlers } from './features/image-text';
import type { JobHandlers } from './features/jobs';
import { keywordJobHandlers } from './features/keywords';
import { liveReplayJobHandlers } from './features/live-replay';
import { monitorAlertJobHandlers, monitoringJobHandlers } from './features/monitoring';
import { invoiceJobHandlers, orderJobHandlers } from './features/orders';
import { publishingJobHandlers } from './features/publishing';
import { titleGramJobHandlers, videoImportJobHandlers, videoJobHandlers } from './features/videos';
import type { RateLimitStore } from './lib/rate-limit';
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

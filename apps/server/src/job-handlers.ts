import { accountClosureJobHandlers } from './features/account-closure/account-closure.job';
import { extractionJobHandlers } from './features/extraction/extraction.job';
import { imageTextJobHandlers } from './features/image-text/image-text.job';
import type { JobHandlers } from './features/jobs/jobs.worker';
import { keywordJobHandlers } from './features/keywords/keyword-jobs';
import { liveReplayJobHandlers } from './features/live-replay/live-replay.job';
import { monitorAlertJobHandlers } from './features/monitoring/monitor-alerts';
import { monitoringJobHandlers } from './features/monitoring/monitor-checks';
import { invoiceJobHandlers } from './features/orders/invoices/issue-invoice.job';
import { orderJobHandlers } from './features/orders/payments/maintenance.job';
import { publishingJobHandlers } from './features/publishing/publishing.job';
import { videoImportJobHandlers } from './features/videos/import/video-import.jobs';
import { titleGramJobHandlers } from './features/videos/lists/title-grams';
import { videoJobHandlers } from './features/videos/refresh/video-refresh.job';
import type { Providers } from './providers';

/**
 * Every job kind the product runs, by kind: what `npm run worker` and the in-process worker serve.
 * Composed here, beside the app, and handed to the worker, so the jobs feature knows no feature's
 * jobs and the features that enqueue jobs can import the queue without a cycle.
 */
export function allJobHandlers(deps?: {
  providers: Pick<
    Providers,
    'payment' | 'invoice' | 'platformData' | 'speech' | 'llm' | 'image' | 'rankSource' | 'publishing' | 'notification'
  >;
  publicUrl: string | undefined;
  /** DATA_DIR, where AI 图文 keeps its pictures and uploads live; the jobs that touch them run only when given. */
  dataDir?: string;
  /** The daily check round's hour and pace (config `monitoring`; defaults: 6 o'clock, 5 a second). */
  monitoring?: { checkHour: number; checksPerSecond: number };
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
    ...(deps?.dataDir ? accountClosureJobHandlers({ providers: deps.providers, dataDir: deps.dataDir }) : {}),
    ...(deps ? liveReplayJobHandlers({ speech: deps.providers.speech, llm: deps.providers.llm }) : {}),
    ...(deps ? publishingJobHandlers({ publishing: deps.providers.publishing }) : {}),
    ...(deps
      ? monitoringJobHandlers({
          rankSource: deps.providers.rankSource,
          ...(deps.monitoring ?? { checkHour: 6, checksPerSecond: 5 }),
        })
      : {}),
    ...(deps ? monitorAlertJobHandlers({ notification: deps.providers.notification, publicUrl: deps.publicUrl }) : {}),
  };
}

import { Cron } from 'croner';
import type { CollectionName } from '../../config';
import type { Database } from '../../db/client';
import type { JobLogger } from '../jobs';
import { hasRun } from './collection.runs';
import { enqueueCollectionRun } from './collection.service';
import { COLLECTION_TIMEZONE, latestWindow, windowKeyOf } from './collection.windows';

/**
 * The schedules in a worker process: at each due time of a collection's cron it queues that window's job (its
 * singleton key and the run record's window make several workers' schedulers yield one run); on start it queues
 * each collection's latest window once if the window has no run record (a worker that was away catches up).
 */
export class CollectionScheduler {
  private readonly timers: Cron[] = [];

  constructor(
    private readonly db: Database,
    private readonly options: {
      /** Each collection's cron, or null when off. */
      crons: Record<CollectionName, string | null>;
      log: JobLogger;
    },
  ) {}

  private enabled(): Array<[CollectionName, string]> {
    return (Object.entries(this.options.crons) as Array<[CollectionName, string | null]>).filter(
      (entry): entry is [CollectionName, string] => entry[1] !== null,
    );
  }

  /** Queues each collection's latest window at or before `now` that has no run record; returns those queued. */
  async catchUp(now = new Date()): Promise<string[]> {
    const queued: string[] = [];
    for (const [collection, cron] of this.enabled()) {
      const due = latestWindow(cron, now);
      if (!due) continue;
      const window = windowKeyOf(due);
      if (await hasRun(this.db, collection, window)) continue;
      if ((await enqueueCollectionRun(this.db, { collection, window, trigger: 'catch_up' })) !== null) {
        queued.push(`${collection}@${window}`);
      }
    }
    return queued;
  }

  /** Queues the window of a collection due at or just before `now` (what each cron tick does). */
  async enqueueDue(collection: CollectionName, now = new Date()): Promise<number | null> {
    const cron = this.options.crons[collection];
    const due = cron ? latestWindow(cron, now) : null;
    if (!due) return null;
    return enqueueCollectionRun(this.db, { collection, window: windowKeyOf(due), trigger: 'schedule' });
  }

  /** Catches up, then starts the crons. */
  async start(): Promise<void> {
    const queued = await this.catchUp();
    if (queued.length > 0) this.options.log.info({ queued }, 'missed collection windows queued');
    for (const [collection, cron] of this.enabled()) {
      const timer = new Cron(cron, { timezone: COLLECTION_TIMEZONE, protect: true, unref: true }, async () => {
        try {
          await this.enqueueDue(collection);
        } catch (error) {
          this.options.log.error({ err: error, collection }, 'collection window not queued');
        }
      });
      this.timers.push(timer);
    }
    this.options.log.info({ schedules: Object.fromEntries(this.enabled()) }, 'collection schedules started');
  }

  /** Stops the crons (the worker's shutdown): nothing more is queued by this process. */
  stop(): void {
    for (const timer of this.timers.splice(0)) timer.stop();
  }
}

import type { CollectionName, CollectionSource } from '../../config';
import type { Database } from '../../db/client';
import type { CollectionRunStatus, CollectionRunTrigger } from '../../db/schema';
import { enqueueJob, type JobLogger, PermanentJobError } from '../jobs';
import { BudgetExhaustedError, type CollectionContext, type CollectionKind } from './collection.registry';
import { countCall, finishRun, isRunning, type RunTally, takeWindow } from './collection.runs';
import { manualWindowKey } from './collection.windows';

/** The queue's job that runs one collection over one window. */
export const COLLECTION_RUN_JOB = 'collection.run';

/** Attempts of a window's job: a failed run is retried by the queue with its backoff. */
const RUN_ATTEMPTS = 3;

/** A source's limits: vendor calls per Shanghai day and per second. */
export interface SourceLimits {
  dailyCalls: number;
  callsPerSecond: number;
}

/** What a window's job carries. */
export interface CollectionRunPayload {
  collection: CollectionName;
  window: string;
  trigger: CollectionRunTrigger;
  staffName?: string | null;
}

/**
 * Queues a collection's run of a window; null when a job of that window waits already (the singleton key is the
 * collection and its window, so every worker's scheduler may enqueue a due window and one job results).
 */
export function enqueueCollectionRun(db: Database, payload: CollectionRunPayload): Promise<number | null> {
  return enqueueJob(db, {
    kind: COLLECTION_RUN_JOB,
    payload,
    singletonKey: `${payload.collection}@${payload.window}`,
    maxAttempts: RUN_ATTEMPTS,
  });
}

/** The singleton key of a manual run's job: one waits at a time, whatever second it was asked in. */
const manualJobKey = (collection: CollectionName) => `manual:${collection}`;

/**
 * Queues a manual run (立即运行): refused ('busy') while one of the collection is queued or running, so a
 * double click or two staff at once run it once. Its window is the instant it was asked in.
 */
export async function requestManualRun(
  db: Database,
  options: { collection: CollectionName; staffName: string; now?: Date },
): Promise<{ outcome: 'queued'; window: string; jobId: number } | { outcome: 'busy' }> {
  if (await isRunning(db, options.collection)) return { outcome: 'busy' };
  const window = manualWindowKey(options.now ?? new Date());
  // One manual job waits at a time: its singleton key does not carry the minute.
  const jobId = await enqueueJob(db, {
    kind: COLLECTION_RUN_JOB,
    payload: { collection: options.collection, window, trigger: 'manual', staffName: options.staffName },
    singletonKey: manualJobKey(options.collection),
    maxAttempts: 1,
  });
  return jobId === null ? { outcome: 'busy' } : { outcome: 'queued', window, jobId };
}

/** How a run ended, for the job's log and the CLI. */
export interface RunOutcome {
  status: CollectionRunStatus | 'taken';
  runId: number | null;
  tally: RunTally;
}

/**
 * Runs a collection over a window: takes the window (a window another worker holds is left alone), lets the
 * handler make its calls through the context, and records how it went. A failed run is recorded failed and
 * then thrown, so the queue retries it with backoff; a spent budget is recorded `skipped_budget` and not retried.
 */
export async function runCollection(
  db: Database,
  options: {
    kind: CollectionKind;
    window: string;
    trigger: CollectionRunTrigger;
    staffName?: string | null;
    jobId: number | null;
    limits: SourceLimits;
    pace: (source: CollectionSource, callsPerSecond: number, signal: AbortSignal) => Promise<void>;
    log: JobLogger;
    signal?: AbortSignal;
    now?: () => Date;
  },
): Promise<RunOutcome> {
  const { kind, limits } = options;
  const now = options.now ?? (() => new Date());
  const signal = options.signal ?? new AbortController().signal;
  const tally: RunTally = { added: 0, updated: 0, unchanged: 0, failures: 0, error: null };
  const runId = await takeWindow(db, {
    collection: kind.name,
    source: kind.source,
    scope: kind.scope,
    windowKey: options.window,
    trigger: options.trigger,
    jobId: options.jobId,
    staffName: options.staffName ?? null,
  });
  if (runId === null) {
    options.log.info({ collection: kind.name, window: options.window }, 'collection window already taken');
    return { status: 'taken', runId: null, tally };
  }
  // A run's calls are admitted one at a time (the fetches may overlap): concurrent counts of one run would each
  // read the budget before the others' calls were added.
  let admitted: Promise<unknown> = Promise.resolve();
  const admit = async () => {
    await options.pace(kind.source, limits.callsPerSecond, signal);
    if (!(await countCall(db, { runId, source: kind.source, dailyCalls: limits.dailyCalls, now: now() }))) {
      throw new BudgetExhaustedError(kind.source, limits.dailyCalls);
    }
  };
  const context: CollectionContext = {
    db,
    log: options.log,
    signal,
    tally,
    async call(fetch) {
      const turn = admitted.then(admit);
      admitted = turn.catch(() => undefined);
      await turn;
      return fetch();
    },
  };
  let status: CollectionRunStatus;
  let thrown: unknown = null;
  try {
    await kind.handler(context);
    const touched = tally.added + tally.updated + tally.unchanged;
    status = tally.failures > 0 ? 'failed' : touched === 0 ? 'empty' : 'succeeded';
  } catch (error) {
    if (error instanceof BudgetExhaustedError) {
      status = 'skipped_budget';
      tally.error = error.message;
    } else {
      status = 'failed';
      tally.failures = Math.max(1, tally.failures);
      tally.error = reasonOf(error);
      thrown = error;
    }
  }
  await finishRun(db, runId, status, tally);
  options.log.info({ collection: kind.name, window: options.window, status, ...tally }, 'collection run finished');
  if (status === 'failed') {
    if (thrown instanceof PermanentJobError) throw thrown;
    throw new Error(`${kind.name} ${options.window}: ${tally.error ?? 'failed'}`);
  }
  return { status, runId, tally };
}

/** A failure's words as the vendor gave them (the adapters put the vendor's message in the error's message). */
export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Whether a failed source call ends the whole run, the rule every kind keeps: a spent budget, or credentials the
 * source refused (each later call would fail the same way). Any other failure is one item's (`countFailure`), and
 * the run goes on with the next.
 */
export function stopsRun(error: unknown): boolean {
  return error instanceof BudgetExhaustedError || (error as { reason?: unknown }).reason === 'unauthorized';
}

/** Counts one item's failure in a run that goes on, keeping the first failure's words for the run's record. */
export function countFailure(tally: RunTally, error: unknown) {
  tally.failures++;
  tally.error ??= reasonOf(error);
}

/** One item's failed call: rethrown when it ends the run (`stopsRun`), else counted (`countFailure`). */
export function failItem(tally: RunTally, error: unknown) {
  if (stopsRun(error)) throw error;
  countFailure(tally, error);
}

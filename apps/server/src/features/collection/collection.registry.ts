import { type CollectionName, type CollectionSource, scheduledCollections } from '../../config';
import type { Database } from '../../db/client';
import type { JobLogger } from '../jobs';
import type { RunTally } from './collection.runs';

/**
 * What a collection's handler is given for one run: the database, a way to make each vendor call (counted,
 * paced, held to the source's daily budget), the tally it fills in as it goes, and a signal that says stop.
 */
export interface CollectionContext {
  db: Database;
  log: JobLogger;
  signal: AbortSignal;
  /**
   * Makes one vendor call: waits for the source's pace, counts it against the daily budget (rejecting with
   * {@link BudgetExhaustedError} when spent) and runs it.
   */
  call<T>(fetch: () => Promise<T>): Promise<T>;
  /** Rows added / updated / unchanged, failures and the first failure's reason; kept when the run stops early. */
  tally: RunTally;
}

/**
 * One run's work. It records each item's failure in the tally (the vendor's reason) and carries on, or throws to
 * fail the whole run; it never writes a figure it did not get.
 */
export type CollectionHandler = (context: CollectionContext) => Promise<void>;

/** A kind of collection: its name and source and default cron (from the configuration's table) and its handler. */
export interface CollectionKind {
  name: CollectionName;
  label: string;
  source: CollectionSource;
  defaultCron: string;
  /** What part of the libraries a run covers, in its record. */
  scope: string;
  handler: CollectionHandler;
}

/** The daily call budget of the run's source is spent: the run stops and is recorded `skipped_budget`. */
export class BudgetExhaustedError extends Error {
  constructor(source: string, dailyCalls: number) {
    super(`${source} 今日调用额度已用完（${dailyCalls} 次）`);
    this.name = 'BudgetExhaustedError';
  }
}

/**
 * The registry: a handler (and scope) for every collection the configuration schedules; the type holds it to
 * exactly those names, so a kind added to `scheduledCollections` without a handler does not compile.
 */
export function collectionKinds(
  handlers: Record<CollectionName, { scope: string; handler: CollectionHandler }>,
): Record<CollectionName, CollectionKind> {
  const kinds = {} as Record<CollectionName, CollectionKind>;
  for (const name of Object.keys(scheduledCollections) as CollectionName[]) {
    kinds[name] = { name, ...scheduledCollections[name], ...handlers[name] };
  }
  return kinds;
}

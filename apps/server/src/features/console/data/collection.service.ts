import { Code, type ConsoleCollection, type ConsoleCollectionRunResult, consoleDataMessages } from '@dso/contract';
import { type AppConfig, type CollectionName, scheduledCollections } from '../../../config';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { collectionStatus, requestManualRun } from '../../collection';
import { type Actor, CLI_ACTOR_NAME, recordAudit } from '../audit/audit.service';

/*
 * 采集 on the console's 数据 page (docs/collection.md): each collection's schedule, runs and calls, read through
 * the collection feature, and 立即运行 audited in its transaction.
 */

const m = consoleDataMessages;

const isCollection = (name: string): name is CollectionName => Object.hasOwn(scheduledCollections, name);

/** Each collection's source, schedule, next run, latest runs and its source's calls today. */
export function readCollections(db: Database, config: AppConfig): Promise<ConsoleCollection[]> {
  return collectionStatus(db, config);
}

/**
 * Queues a run of one collection now (collect.run): 300 while one of it is queued or running, so a double
 * click or two staff at once queue one; nothing is audited then.
 */
export async function queueCollectionRun(
  db: Database,
  actor: Actor,
  options: { collection: string; reason: string },
): Promise<ConsoleCollectionRunResult> {
  if (!isCollection(options.collection)) throw new AppError(Code.NOT_FOUND, m.collectionInvalid);
  const collection = options.collection;
  return db.transaction(async (tx) => {
    const queued = await requestManualRun(tx, { collection, staffName: actor?.name ?? CLI_ACTOR_NAME });
    if (queued.outcome === 'busy') throw AppError.toast(m.collectionBusy);
    const auditId = await recordAudit(tx, {
      actor,
      action: 'collect.run',
      subject: `collection:${collection}`,
      before: null,
      after: { job_id: queued.jobId, collection, window: queued.window },
      reason: options.reason,
    });
    return { id: queued.jobId, window: queued.window, audit_id: auditId };
  });
}

import type { ClosureRequested } from '@dso/contract';
import type { Database } from '../../db/client';
import {
  claimErasure,
  endSessionsForClosure,
  eraseAccountRecords,
  findClosure,
  markErased,
  recordClosureRequest,
} from '../auth';
import { eraseCopywriterWorksOf } from '../copywriters';
import { eraseDistributionLeadsOf } from '../distribution';
import { eraseExtractionsOf } from '../extraction';
import { eraseFavouritesOf } from '../favourites';
import { eraseImageTextOf } from '../image-text';
import { enqueueJob } from '../jobs';
import { eraseKeywordHistoryOf } from '../keywords';
import { eraseLiveReplaysOf } from '../live-replay';
import { eraseMonitoringOf } from '../monitoring';
import { type AgreementContext, endRunningAgreement, eraseInvoiceContactsOf } from '../orders';
import { blankUsageReasonsOf } from '../permissions';
import { erasePublishingOf } from '../publishing';
import { dissolveLinksOfClosedAccount } from '../sub-accounts';
import { eraseWritingOf } from '../writing';

/*
 * 注销账号 (docs/accounts.md): the request, and the erasure its job runs once the cooling-off period
 * is over. Each feature erases its own data through its public erase function; this feature only
 * orders them.
 */

export const ACCOUNT_CLOSURE_ERASE_JOB = 'account-closure.erase';

/** Retries of an erasure that failed part-way (each re-run resumes: every step is idempotent). */
const ERASE_MAX_ATTEMPTS = 20;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** What the erasure needs: the database, the payment gateways (to end a 连续包月) and DATA_DIR (uploads). */
export interface ErasureContext {
  payment: AgreementContext;
  dataDir: string;
}

/**
 * The owner's request: the code to the account's phone proves it is them; a running 连续包月 ends now,
 * so no charge falls in the cooling-off period; the erasure is queued for its end; and every session
 * ends, since logging in again is how the owner withdraws.
 */
export async function requestAccountClosure(options: {
  payment: AgreementContext;
  userId: number;
  code: string;
  now: Date;
}): Promise<ClosureRequested> {
  const { payment, userId, now } = options;
  const { db } = payment;
  const closure = await recordClosureRequest({ db, userId, code: options.code, now });
  // Charging stops at once; a vendor that cannot unsign it now is asked again by the orders' upkeep.
  await endRunningAgreement(payment, userId, now);
  await scheduleErasure(db, closure.id, closure.eraseAt);
  await endSessionsForClosure(db, userId);
  return { requested_at: seconds(closure.requestedAt), erase_at: seconds(closure.eraseAt) };
}

async function scheduleErasure(db: Database, closureId: number, runAfter: Date) {
  await enqueueJob(db, {
    kind: ACCOUNT_CLOSURE_ERASE_JOB,
    payload: { closureId },
    runAfter,
    maxAttempts: ERASE_MAX_ATTEMPTS,
    singletonKey: `closure:${closureId}`,
  });
}

type ErasureStep = (context: ErasureContext, userId: number, now: Date) => Promise<unknown>;

/**
 * The erasure's steps in order. Links and the agreement first (they concern other people and a
 * vendor); the account row last, because the steps before it find the account's rows by its phone
 * and ids, and once it is anonymised no login can reach the account.
 */
const erasureSteps: Array<[string, ErasureStep]> = [
  ['sub-account links', ({ payment }, userId, now) => dissolveLinksOfClosedAccount(payment.db, userId, now)],
  ['连续包月', ({ payment }, userId, now) => endRunningAgreement(payment, userId, now)],
  ['invoice contacts', ({ payment }, userId) => eraseInvoiceContactsOf(payment.db, userId)],
  ['publishing', ({ payment, dataDir }, userId) => erasePublishingOf(payment.db, dataDir, userId)],
  ['distribution leads', ({ payment }, userId) => eraseDistributionLeadsOf(payment.db, userId)],
  ['favourites', ({ payment }, userId) => eraseFavouritesOf(payment.db, userId)],
  ['writing', ({ payment }, userId) => eraseWritingOf(payment.db, userId)],
  ['copywriters', ({ payment }, userId) => eraseCopywriterWorksOf(payment.db, userId)],
  ['extraction', ({ payment }, userId) => eraseExtractionsOf(payment.db, userId)],
  ['image-text', ({ payment, dataDir }, userId) => eraseImageTextOf(payment.db, dataDir, userId)],
  ['live-replay', ({ payment }, userId) => eraseLiveReplaysOf(payment.db, userId)],
  ['monitoring', ({ payment }, userId) => eraseMonitoringOf(payment.db, userId)],
  ['keyword history', ({ payment }, userId) => eraseKeywordHistoryOf(payment.db, userId)],
  ['usage reasons', ({ payment }, userId) => blankUsageReasonsOf(payment.db, userId)],
  ['account', ({ payment }, userId) => eraseAccountRecords(payment.db, userId)],
];

/**
 * The job: erases a closed account once its request is due and still stands. A withdrawn or erased
 * request does nothing; one not yet due (the job ran early) is queued again for its time. An erasure
 * cut short (a crash, a failed step) is resumed by the job's retry: it finds the request erasing and
 * runs every step again, each finding what is left.
 */
export async function eraseClosedAccount(context: ErasureContext, closureId: number, now: Date): Promise<boolean> {
  const { db } = context.payment;
  const closure = await claimErasure(db, closureId, now);
  if (!closure) {
    const row = await findClosure(db, closureId);
    if (row?.status === 'pending') await scheduleErasure(db, row.id, row.eraseAt);
    return false;
  }
  for (const [name, step] of erasureSteps) {
    try {
      await step(context, closure.userId, now);
    } catch (error) {
      throw new Error(`account closure ${closureId}: step ${name} failed: ${String(error)}`, { cause: error });
    }
  }
  await markErased(db, closureId, now);
  return true;
}

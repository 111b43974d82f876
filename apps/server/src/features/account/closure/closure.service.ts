import type { ClosureRequested } from '@dso/contract';
import type { Database } from '../../../db/client';
import { unixSeconds } from '../../../lib/unix-seconds';
import type { Providers } from '../../../providers';
import { enqueueJob, type JobLogger } from '../../jobs';
import { dissolveLinksOfClosedAccount } from '../sub-accounts';
import {
  claimErasure,
  endSessionsForClosure,
  eraseAccountRecords,
  findClosure,
  markErased,
  recordClosureRequest,
} from './closure-records.service';

/*
 * 注销账号 (docs/accounts.md): the request, and the erasure its job runs once the cooling-off period
 * is over. Each feature erases its own data through its public erase function; this part only
 * orders them. The features that keep an account's data import the account feature (who an account
 * is), so it cannot import them back: the app hands their steps in as {@link ClosureHooks}
 * (`apps/server/src/closure-hooks.ts`).
 */

export const ACCOUNT_CLOSURE_ERASE_JOB = 'account-closure.erase';

/** Retries of an erasure that failed part-way (each re-run resumes: every step is idempotent). */
const ERASE_MAX_ATTEMPTS = 20;

/** The database, the payment gateways and a log: what ending a 连续包月 takes (the orders' agreement context). */
export interface ClosurePayment {
  db: Database;
  providers: Pick<Providers, 'payment'>;
  log: JobLogger;
}

/** What the erasure needs: the database, the payment gateways (to end a 连续包月) and DATA_DIR (uploads). */
export interface ErasureContext {
  payment: ClosurePayment;
  dataDir: string;
}

export type ErasureStep = (context: ErasureContext, userId: number, now: Date) => Promise<unknown>;

/** What closing an account asks of the features that keep the account's data, handed in by the app. */
export interface ClosureHooks {
  /** Ends the account's running 连续包月 at once (orders). */
  endAgreement(payment: ClosurePayment, userId: number, now: Date): Promise<unknown>;
  /**
   * The other features' erasure steps, by name, in order: they run after the sub-account links are
   * dissolved and before the account row is erased.
   */
  erasureSteps: ReadonlyArray<readonly [string, ErasureStep]>;
}

/**
 * The owner's request: the code to the account's phone proves it is them; a running 连续包月 ends now,
 * so no charge falls in the cooling-off period; the erasure is queued for its end; and every session
 * ends, since logging in again is how the owner withdraws.
 */
export async function requestAccountClosure(options: {
  hooks: ClosureHooks;
  payment: ClosurePayment;
  userId: number;
  code: string;
  now: Date;
}): Promise<ClosureRequested> {
  const { hooks, payment, userId, now } = options;
  const { db } = payment;
  const closure = await recordClosureRequest({ db, userId, code: options.code, now });
  // Charging stops at once; a vendor that cannot unsign it now is asked again by the orders' upkeep.
  await hooks.endAgreement(payment, userId, now);
  await scheduleErasure(db, closure.id, closure.eraseAt);
  await endSessionsForClosure(db, userId);
  return { requested_at: unixSeconds(closure.requestedAt), erase_at: unixSeconds(closure.eraseAt) };
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

/**
 * The erasure's steps in order. Links and the agreement first (they concern other people and a
 * vendor); the account row last, because the steps before it find the account's rows by its phone
 * and ids, and once it is anonymised no login can reach the account. The agreement and the steps
 * between are the other features' ({@link ClosureHooks}).
 */
function erasureSteps(hooks: ClosureHooks): Array<readonly [string, ErasureStep]> {
  return [
    ['sub-account links', ({ payment }, userId, now) => dissolveLinksOfClosedAccount(payment.db, userId, now)],
    ...hooks.erasureSteps,
    ['account', ({ payment }, userId) => eraseAccountRecords(payment.db, userId)],
  ];
}

/**
 * The job: erases a closed account once its request is due and still stands. A withdrawn or erased
 * request does nothing; one not yet due (the job ran early) is queued again for its time. An erasure
 * cut short (a crash, a failed step) is resumed by the job's retry: it finds the request erasing and
 * runs every step again, each finding what is left.
 */
export async function eraseClosedAccount(
  context: ErasureContext,
  hooks: ClosureHooks,
  closureId: number,
  now: Date,
): Promise<boolean> {
  const { db } = context.payment;
  const closure = await claimErasure(db, closureId, now);
  if (!closure) {
    const row = await findClosure(db, closureId);
    if (row?.status === 'pending') await scheduleErasure(db, row.id, row.eraseAt);
    return false;
  }
  for (const [name, step] of erasureSteps(hooks)) {
    try {
      await step(context, closure.userId, now);
    } catch (error) {
      throw new Error(`account closure ${closureId}: step ${name} failed: ${String(error)}`, { cause: error });
    }
  }
  await markErased(db, closureId, now);
  return true;
}

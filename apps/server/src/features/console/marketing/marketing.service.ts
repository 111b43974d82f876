import {
  type AdminCardBatch,
  type AdminCoupon,
  type AdminCouponGrant,
  type AdminPackage,
  type AdminPackageCreateBody,
  type AdminPackageUpdateBody,
  type AdminPlan,
  type AdminPlanCreateBody,
  type AdminPlanUpdateBody,
  type adminCardBatchBodySchema,
  type adminCouponCreateBodySchema,
  type adminCouponGrantBodySchema,
  type ConsoleAction,
  type ConsoleCardBatch,
  type ConsoleCardBatchMade,
  consoleMessages,
  marketingMessages,
} from '@dso/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import {
  cardBatchExists,
  changePackage,
  changePlan,
  changePlanEnabled,
  createCards,
  createCouponKind,
  createPackage,
  createPlan,
  grantCouponToPhones,
  listCardBatches,
} from '../../orders';
import { type Actor, auditedChange, findAuditId, findFirstActors, recordAudit } from '../audit/audit.service';

/*
 * 套餐与卡券 (docs/console.md): each change goes through the orders feature's function for it and writes its
 * audit entry in the same transaction, with the reason. The orders feature keeps the rules (the CLI runs them too).
 */

/** The reason and who gave it, as every change here takes them. */
interface Why {
  actor: Actor;
  reason: string;
}

const planSubject = (id: number) => `plan:${id}`;
const couponSubject = (id: number) => `coupon:${id}`;
const packSubject = (id: number) => `pack:${id}`;
const batchSubject = (batch: string) => `card_batch:${batch}`;

/** A row made by `create`, audited on its subject: nothing before, the new row after; answers the row. */
async function auditedCreate<Row extends { id: number }>(
  db: Database,
  why: Why & { action: ConsoleAction },
  subjectOf: (id: number) => string,
  create: (tx: Database) => Promise<Row>,
): Promise<Row> {
  const done = await auditedChange<Row>(db, why, async (tx) => {
    const row = await create(tx);
    return { subject: subjectOf(row.id), before: null, after: row, answer: row };
  });
  return done.answer;
}

/** A row changed by `change`, audited on its subject with the whole row before and after; answers the row after. */
async function auditedUpdate<Row extends { id: number }>(
  db: Database,
  why: Why & { action: ConsoleAction },
  subjectOf: (id: number) => string,
  change: (tx: Database) => Promise<{ before: Row; after: Row }>,
): Promise<Row> {
  const done = await auditedChange<Row>(db, why, async (tx) => {
    const { before, after } = await change(tx);
    return { subject: subjectOf(after.id), before, after, answer: after };
  });
  return done.answer;
}

export function createPlanAudited(db: Database, why: Why, body: AdminPlanCreateBody): Promise<AdminPlan> {
  return auditedCreate(db, { ...why, action: 'plan.create' }, planSubject, (tx) => createPlan(tx, body));
}

export function updatePlanAudited(db: Database, why: Why, body: AdminPlanUpdateBody): Promise<AdminPlan> {
  return auditedUpdate(db, { ...why, action: 'plan.update' }, planSubject, (tx) => changePlan(tx, body));
}

export async function setPlanEnabledAudited(
  db: Database,
  why: Why,
  options: { id: number; enabled: boolean },
): Promise<AdminPlan> {
  const done = await auditedChange(db, { ...why, action: 'plan.enable' }, async (tx) => {
    const { before, after } = await changePlanEnabled(tx, options);
    return {
      subject: planSubject(after.id),
      before: { enabled: before.enabled },
      after: { enabled: after.enabled },
      answer: after,
    };
  });
  return done.answer;
}

export function createCouponAudited(
  db: Database,
  why: Why,
  body: z.output<typeof adminCouponCreateBodySchema>,
): Promise<AdminCoupon> {
  return auditedCreate(db, { ...why, action: 'coupon.create' }, couponSubject, (tx) => createCouponKind(tx, body));
}

/** Grants the coupon to the phones' accounts; the entry lists who got one and the phones without an account. */
export async function grantCouponAudited(
  db: Database,
  why: Why,
  body: z.output<typeof adminCouponGrantBodySchema>,
): Promise<AdminCouponGrant> {
  const done = await auditedChange(db, { ...why, action: 'coupon.grant' }, async (tx) => {
    const grant = await grantCouponToPhones(tx, body);
    return { subject: couponSubject(body.coupon_id), before: null, after: grant, answer: grant };
  });
  return done.answer;
}

export function createPackAudited(db: Database, why: Why, body: AdminPackageCreateBody): Promise<AdminPackage> {
  return auditedCreate(db, { ...why, action: 'pack.create' }, packSubject, (tx) => createPackage(tx, body));
}

export function updatePackAudited(db: Database, why: Why, body: AdminPackageUpdateBody): Promise<AdminPackage> {
  return auditedUpdate(db, { ...why, action: 'pack.update' }, packSubject, (tx) => changePackage(tx, body));
}

// ——— Membership cards ———

type CardBatchBody = z.output<typeof adminCardBatchBodySchema>;

/** What one batch request asked for, as its audit entry keeps it (never the codes: the log is no place for them). */
function termsOf(requestId: string, body: CardBatchBody) {
  return {
    request_id: requestId,
    batch: body.batch,
    grade: body.grade,
    days: body.days,
    value_fen: body.value_fen ?? 0,
    count: body.count,
    redeem_by: body.redeem_by ?? null,
  };
}

/**
 * Makes a batch of cards under a name not used before. The request id makes it idempotent: batch requests
 * take one transaction-scoped lock in turn, so a retried or concurrent duplicate finds the first one's audit
 * entry and answers it without minting again; the id sent with other terms is refused.
 */
export function createCardBatchAudited(
  db: Database,
  why: Why,
  options: { requestId: string; body: CardBatchBody },
): Promise<ConsoleCardBatchMade> {
  const terms = termsOf(options.requestId, options.body);
  const made = (auditId: number): ConsoleCardBatchMade => {
    const { request_id: _id, ...batch } = terms;
    return { ...batch, audit_id: auditId };
  };
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('console:card-batch', 0))`);
    const earlier = await findAuditId(tx, { action: 'card.batch', after: { request_id: options.requestId } });
    if (earlier !== null) {
      const same = await findAuditId(tx, { action: 'card.batch', subject: batchSubject(terms.batch), after: terms });
      if (same === null) throw AppError.toast(consoleMessages.requestIdReused);
      return made(same);
    }
    if (await cardBatchExists(tx, terms.batch)) throw AppError.toast(marketingMessages.batchExists);
    await createCards(tx, options.body);
    const auditId = await recordAudit(tx, {
      ...why,
      action: 'card.batch',
      subject: batchSubject(terms.batch),
      before: null,
      after: terms,
    });
    return made(auditId);
  });
}

/**
 * Cards for `npm run orders -- cards create`: a batch name may be used again there (its cards add to the
 * batch), and the codes are answered for the file it writes. Audited like the console's batches.
 */
export function createCardsAudited(db: Database, why: Why, body: CardBatchBody): Promise<AdminCardBatch> {
  return db.transaction(async (tx) => {
    const made = await createCards(tx, body);
    const { request_id: _id, ...terms } = termsOf('', body);
    await recordAudit(tx, {
      ...why,
      action: 'card.batch',
      subject: batchSubject(body.batch),
      before: null,
      after: terms,
    });
    return made;
  });
}

/** How many batches the page lists. */
const BATCH_LIST_MAX = 200;

/** The latest batches, newest first, with who made each in the console. */
export async function listBatches(db: Database): Promise<ConsoleCardBatch[]> {
  const batches = await listCardBatches(db, BATCH_LIST_MAX);
  const actors = await findFirstActors(
    db,
    'card.batch',
    batches.map((batch) => batchSubject(batch.batch)),
  );
  return batches.map((batch) => ({ ...batch, staff_name: actors.get(batchSubject(batch.batch)) ?? null }));
}

import { type CardInspect, orderMessages } from '@dso/contract';
import { type Grade, gradeNames, normalizeGrade } from '@dso/domain';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { assertCanPurchase } from '../../account';
import { getEffectiveGrade } from '../../permissions';
import { grantMembership } from '../membership/membership.service';
import { newCardCode } from './card-codes';
import { type CardRow, claimCard, findCard, insertCardsIfNew, selectBatchCards } from './cards.repository';

/**
 * Membership cards (001 §4, §5): codes sold or handed out in batches, each redeemed once for a period
 * of one grade. Redeeming goes through the same grant as a payment, so it extends the same grade and
 * offsets another one exactly as buying would.
 */

/** Cards one batch call may make (the CLI and the admin call); more come from further calls. */
export const CARD_BATCH_MAX = 10_000;
/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters at 6 columns a row. */
const INSERT_CHUNK = 1_000;

export interface CardBatchOptions {
  batch: string;
  grade: Grade;
  days: number;
  /** What a card was sold for (fen): the value it adds to the membership, deducted on a later upgrade. */
  valueFen: number;
  count: number;
  /** The last instant a card can be redeemed; absent for no limit. */
  redeemBy?: Date | null;
}

/**
 * Makes `count` new cards in a batch and answers their codes. A drawn code that already exists (or is
 * drawn twice) is skipped by the insert and replaced by a fresh draw until the batch is full, so the
 * answer always holds `count` codes that no other card has.
 */
export async function createCardBatch(
  db: Database,
  options: CardBatchOptions,
  drawCode: () => string = newCardCode,
): Promise<string[]> {
  if (!Number.isInteger(options.count) || options.count < 1 || options.count > CARD_BATCH_MAX) {
    throw new RangeError(`count must be 1–${CARD_BATCH_MAX}`);
  }
  const made: string[] = [];
  // Each round draws only what is still missing. Rounds in a row without one new code mean a broken
  // code source, not bad luck: stop instead of looping forever.
  let barrenRounds = 0;
  while (made.length < options.count) {
    const wanted = Math.min(options.count - made.length, INSERT_CHUNK);
    const codes = [...new Set(Array.from({ length: wanted }, drawCode))];
    const inserted = await insertCardsIfNew(
      db,
      codes.map((code) => ({
        code,
        batch: options.batch,
        grade: options.grade,
        days: options.days,
        valueFen: options.valueFen,
        redeemBy: options.redeemBy ?? null,
      })),
    );
    barrenRounds = inserted.length === 0 ? barrenRounds + 1 : 0;
    if (barrenRounds > 20) throw new Error('Card codes keep colliding; is the code source random?');
    made.push(...inserted);
  }
  return made;
}

/** The cards of a batch with their redemption state. */
export function listBatchCards(db: Database, batch: string): Promise<CardRow[]> {
  return selectBatchCards(db, batch);
}

/** The card behind a code if it can still be redeemed at `now`; the toast that says why not otherwise. */
function redeemable(card: CardRow | undefined, now: Date): CardRow {
  if (!card) throw AppError.toast(orderMessages.cardNotFound);
  if (card.redeemedAt) throw AppError.toast(orderMessages.cardUsed);
  if (card.redeemBy && card.redeemBy.getTime() <= now.getTime()) throw AppError.toast(orderMessages.cardExpired);
  return card;
}

/**
 * `card_code/exchange_inspect`: what redeeming the card would do for the user. NEW without a running
 * membership, EXTEND when the card's grade is the running one, OFFSET when it would replace another
 * grade (the web confirms that first). Child accounts cannot redeem, as they cannot buy.
 */
export async function inspectCard(
  db: Database,
  options: { userId: number; code: string; now: Date },
): Promise<CardInspect> {
  await assertCanPurchase(db, options.userId);
  const card = redeemable(await findCard(db, options.code), options.now);
  const grade = normalizeGrade(card.grade);
  const running = await getEffectiveGrade(db, options.userId, options.now);
  const type = running.grade === 'FREE' ? 'NEW' : running.grade === grade ? 'EXTEND' : 'OFFSET';
  return { type, grade, vip_name: gradeNames[grade], day: card.days };
}

/**
 * `card_code/exchange`: in one transaction, claims the card for the user and grants its period (source
 * `card:<code>`), so of concurrent redemptions of one card exactly one succeeds and a failed grant
 * leaves the card unredeemed. Answers the grade and its new end.
 */
export async function exchangeCard(
  db: Database,
  options: { userId: number; code: string; now: Date },
): Promise<{ grade: Grade; end_time: number }> {
  const { userId, code, now } = options;
  await assertCanPurchase(db, userId);
  const granted = await db.transaction(async (tx) => {
    redeemable(await findCard(tx, code), now);
    // Another redemption may have committed between the read and the claim: the claim decides.
    const card = await claimCard(tx, code, userId, now);
    if (!card) throw AppError.toast(orderMessages.cardUsed);
    const grade = normalizeGrade(card.grade);
    const period = await grantMembership(tx, {
      userId,
      grade,
      days: card.days,
      valueFen: card.valueFen,
      source: `card:${card.code}`,
      now,
    });
    return { grade, endsAt: period.endsAt };
  });
  return { grade: granted.grade, end_time: Math.floor(granted.endsAt.getTime() / 1000) };
}

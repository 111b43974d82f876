import {
  type AdminCard,
  type AdminCardBatch,
  type AdminCardList,
  type AdminCoupon,
  type AdminCouponGrant,
  type AdminPackage,
  type AdminPackageCreateBody,
  type AdminPackageUpdateBody,
  type AdminPlan,
  type AdminPlanCreateBody,
  type AdminPlanInput,
  type AdminPlanUpdateBody,
  type adminCardBatchBodySchema,
  type adminCouponCreateBodySchema,
  type adminCouponGrantBodySchema,
  adminPlanInputSchema,
  Code,
  marketingMessages,
} from '@dso/contract';
import { frequencyTypes, type Grade } from '@dso/domain';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { unixSeconds } from '../../../lib/unix-seconds';
import { findAccountIdByPhone, findAccountPhones } from '../../account';
import { countBatchCards, selectCardBatches } from '../cards/cards.repository';
import { createCardBatch, listBatchCards } from '../cards/cards.service';
import { type CouponRow, createCoupon, findCoupon, grantCoupon, listCoupons } from '../coupons/coupons.service';
import type { NewPlan, PlanRow } from '../plans/plans.repository';
import { insertPlan, lockPlan, selectAllPlans, updatePlanRow } from '../plans/plans-admin.repository';
import {
  insertPackage,
  lockPackageRow,
  type PackageRow,
  selectAllPackages,
  updatePackageRow,
} from './packages-admin.repository';

/*
 * What operators do to the shop (docs/orders.md, "Operating"): the admin calls and the `npm run
 * orders` CLI both call these functions with bodies parsed by the contract's schemas, so one set of
 * rules holds at both doors.
 */

const instant = (value: number | null | undefined) => (value == null ? null : new Date(value * 1000));

/** The entries of a parsed partial body that were given (a missing field changes nothing). */
function given<T extends object>(body: T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as Partial<T>;
}

const notFound = (message: string) => new AppError(Code.NOT_FOUND, message);

// ——— Plans ———

/** A stored plan's fields by their wire names. */
function planInputOf(row: PlanRow): AdminPlanInput {
  return {
    grade: row.grade as AdminPlanInput['grade'],
    day: row.day,
    price_fen: row.priceFen,
    original_price_fen: row.originalPriceFen,
    active_price_fen: row.activePriceFen,
    active_start_time: unixSeconds(row.activeStartsAt),
    active_end_time: unixSeconds(row.activeEndsAt),
    activity_price_fen: row.activityPriceFen,
    activity_start_time: unixSeconds(row.activityStartsAt),
    activity_end_time: unixSeconds(row.activityEndsAt),
    new_user_price_fen: row.newUserPriceFen,
    has_cycle: row.hasCycle,
    cycle_price_fen: row.cyclePriceFen,
    cycle_period_days: row.cyclePeriodDays,
    discount: row.discount,
    team_options: row.teamOptions,
    point_activity: row.pointActivity,
    sort: row.sort,
    enabled: row.enabled,
  };
}

/** A plan as operators read it. */
export function adminPlanOf(row: PlanRow): AdminPlan {
  return {
    id: row.id,
    ...planInputOf(row),
    create_time: Math.floor(row.createdAt.getTime() / 1000),
    update_time: Math.floor(row.updatedAt.getTime() / 1000),
  };
}

/** Checks a whole plan with the contract's cross-field rules; 400 with the first broken rule's message. */
function checkedPlan(plan: AdminPlanInput): AdminPlanInput {
  const parsed = adminPlanInputSchema.safeParse(plan);
  if (!parsed.success) throw AppError.badRequest(parsed.error.issues[0]?.message ?? '参数错误');
  return parsed.data;
}

function planValuesOf(plan: AdminPlanInput): Omit<NewPlan, 'id'> {
  return {
    grade: plan.grade,
    day: plan.day,
    priceFen: plan.price_fen,
    originalPriceFen: plan.original_price_fen,
    activePriceFen: plan.active_price_fen,
    activeStartsAt: instant(plan.active_start_time),
    activeEndsAt: instant(plan.active_end_time),
    activityPriceFen: plan.activity_price_fen,
    activityStartsAt: instant(plan.activity_start_time),
    activityEndsAt: instant(plan.activity_end_time),
    newUserPriceFen: plan.new_user_price_fen,
    hasCycle: plan.has_cycle,
    cyclePriceFen: plan.cycle_price_fen,
    cyclePeriodDays: plan.cycle_period_days,
    discount: plan.discount,
    teamOptions: plan.team_options,
    pointActivity: plan.point_activity,
    sort: plan.sort,
    enabled: plan.enabled,
  };
}

/** Every plan, on sale or not. */
export async function listPlans(db: Database): Promise<AdminPlan[]> {
  return (await selectAllPlans(db)).map(adminPlanOf);
}

/** A new plan; fields not given start empty (no offers, no team options), on sale, sorted first. */
export async function createPlan(db: Database, body: AdminPlanCreateBody): Promise<AdminPlan> {
  const plan = checkedPlan({
    original_price_fen: null,
    active_price_fen: null,
    active_start_time: null,
    active_end_time: null,
    activity_price_fen: null,
    activity_start_time: null,
    activity_end_time: null,
    new_user_price_fen: null,
    has_cycle: false,
    cycle_price_fen: null,
    cycle_period_days: null,
    discount: '',
    team_options: [],
    point_activity: null,
    sort: 0,
    enabled: true,
    ...given(body),
    grade: body.grade,
    day: body.day,
    price_fen: body.price_fen,
  });
  return adminPlanOf(await insertPlan(db, planValuesOf(plan)));
}

/** A change of a plan, pack or the like: what it was and what it is now. */
export interface Change<T> {
  before: T;
  after: T;
}

/** Changes the given fields of a plan; the plan they make together must pass the same rules as a new one. */
export async function updatePlan(db: Database, body: AdminPlanUpdateBody): Promise<AdminPlan> {
  return (await changePlan(db, body)).after;
}

/** {@link updatePlan}, answering the plan before and after (under the plan's row lock). */
export async function changePlan(db: Database, body: AdminPlanUpdateBody): Promise<Change<AdminPlan>> {
  const { id, ...change } = body;
  return db.transaction(async (tx) => {
    const current = await lockPlan(tx, id);
    if (!current) throw notFound(marketingMessages.planNotFound);
    const plan = checkedPlan({ ...planInputOf(current), ...given(change) });
    return { before: adminPlanOf(current), after: adminPlanOf((await updatePlanRow(tx, id, planValuesOf(plan)))!) };
  });
}

/** Puts a plan on sale or takes it off; orders already made keep their price. */
export async function setPlanEnabled(db: Database, options: { id: number; enabled: boolean }): Promise<AdminPlan> {
  return (await changePlanEnabled(db, options)).after;
}

/** {@link setPlanEnabled}, answering the plan before and after. */
export async function changePlanEnabled(
  db: Database,
  options: { id: number; enabled: boolean },
): Promise<Change<AdminPlan>> {
  return db.transaction(async (tx) => {
    const current = await lockPlan(tx, options.id);
    if (!current) throw notFound(marketingMessages.planNotFound);
    const row = (await updatePlanRow(tx, options.id, { enabled: options.enabled }))!;
    return { before: adminPlanOf(current), after: adminPlanOf(row) };
  });
}

// ——— Coupons ———

function adminCouponOf(row: CouponRow, counts = { held: 0, used: 0 }): AdminCoupon {
  return {
    id: row.id,
    name: row.name,
    discount_fen: row.discountFen,
    low_money_fen: row.lowMoneyFen,
    grades: row.grades,
    start_time: unixSeconds(row.startsAt)!,
    end_time: unixSeconds(row.endsAt)!,
    ...counts,
  };
}

export async function listCouponKinds(db: Database): Promise<AdminCoupon[]> {
  return (await listCoupons(db)).map(({ coupon, held, used }) => adminCouponOf(coupon, { held, used }));
}

export async function createCouponKind(
  db: Database,
  body: z.output<typeof adminCouponCreateBodySchema>,
): Promise<AdminCoupon> {
  const row = await createCoupon(db, {
    name: body.name,
    discountFen: body.discount_fen,
    lowMoneyFen: body.low_money_fen ?? 0,
    grades: body.grades ?? [],
    startsAt: new Date(body.start_time * 1000),
    endsAt: new Date(body.end_time * 1000),
  });
  return adminCouponOf(row);
}

/**
 * Gives one coupon of a kind to the account of each phone, all in one transaction. Phones without an
 * account are answered back and get nothing; a phone named twice gets one coupon.
 */
export async function grantCouponToPhones(
  db: Database,
  body: z.output<typeof adminCouponGrantBodySchema>,
): Promise<AdminCouponGrant> {
  if (!(await findCoupon(db, body.coupon_id))) throw notFound(marketingMessages.couponNotFound);
  return db.transaction(async (tx) => {
    const answer: AdminCouponGrant = { coupon_id: body.coupon_id, granted: [], unknown_phones: [] };
    for (const phone of new Set(body.phones)) {
      const userId = await findAccountIdByPhone(tx, phone);
      if (userId === null) answer.unknown_phones.push(phone);
      else answer.granted.push({ phone, user_coupon_id: await grantCoupon(tx, { couponId: body.coupon_id, userId }) });
    }
    return answer;
  });
}

// ——— Membership cards ———

export async function createCards(
  db: Database,
  body: z.output<typeof adminCardBatchBodySchema>,
): Promise<AdminCardBatch> {
  const redeemBy = instant(body.redeem_by);
  const valueFen = body.value_fen ?? 0;
  const codes = await createCardBatch(db, {
    batch: body.batch,
    grade: body.grade as Grade,
    days: body.days,
    valueFen,
    count: body.count,
    redeemBy,
  });
  return {
    batch: body.batch,
    grade: body.grade,
    days: body.days,
    value_fen: valueFen,
    redeem_by: unixSeconds(redeemBy),
    codes,
  };
}

/** A batch's cards with who redeemed each and when. */
export async function listCards(db: Database, batch: string): Promise<AdminCardList> {
  const rows = await listBatchCards(db, batch);
  const phones = await findAccountPhones(
    db,
    rows.flatMap((row) => (row.redeemedBy === null ? [] : [row.redeemedBy])),
  );
  const list: AdminCard[] = rows.map((row) => ({
    code: row.code,
    batch: row.batch,
    grade: row.grade,
    days: row.days,
    value_fen: row.valueFen,
    redeem_by: unixSeconds(row.redeemBy),
    redeemed_by: row.redeemedBy,
    redeemed_phone: row.redeemedBy === null ? null : (phones.get(row.redeemedBy) ?? null),
    redeemed_at: unixSeconds(row.redeemedAt),
    create_time: unixSeconds(row.createdAt)!,
  }));
  return { batch, total: list.length, redeemed: list.filter((card) => card.redeemed_at !== null).length, list };
}

/** Whether any card carries the batch name. */
export async function cardBatchExists(db: Database, batch: string): Promise<boolean> {
  return (await countBatchCards(db, batch)) > 0;
}

/** A batch as the console lists it (without who made it: the console's audit log knows that). */
export interface CardBatchSummary {
  batch: string;
  grade: string;
  days: number;
  value_fen: number;
  redeem_by: number | null;
  count: number;
  redeemed: number;
  create_time: number;
}

/** The latest `limit` batches, newest first, with how many cards each has and how many were redeemed. */
export async function listCardBatches(db: Database, limit: number): Promise<CardBatchSummary[]> {
  return (await selectCardBatches(db, limit)).map((row) => ({
    batch: row.batch,
    grade: row.grade,
    days: row.days,
    value_fen: row.valueFen,
    redeem_by: unixSeconds(row.redeemBy),
    count: row.count,
    redeemed: row.redeemed,
    create_time: unixSeconds(row.createdAt)!,
  }));
}

// ——— Usage-count packs ———

function adminPackageOf(row: PackageRow): AdminPackage {
  return {
    id: row.id,
    frequency_type: row.frequencyType,
    alias: row.alias,
    name: row.name,
    frequency: row.frequency,
    price_fen: row.priceFen,
    sort: row.sort,
    enabled: row.enabled,
    create_time: unixSeconds(row.createdAt)!,
  };
}

export async function listPackages(db: Database): Promise<AdminPackage[]> {
  return (await selectAllPackages(db)).map(adminPackageOf);
}

/** A new pack on sale; its quota alias follows from the pack type. */
export async function createPackage(db: Database, body: AdminPackageCreateBody): Promise<AdminPackage> {
  const row = await insertPackage(db, {
    frequencyType: body.frequency_type,
    alias: frequencyTypes[body.frequency_type]!,
    name: body.name,
    frequency: body.frequency,
    priceFen: body.price_fen,
    sort: body.sort ?? 0,
    enabled: body.enabled ?? true,
  });
  return adminPackageOf(row);
}

/** Changes the given fields of a pack (a new type brings its alias along). */
export async function updatePackage(db: Database, body: AdminPackageUpdateBody): Promise<AdminPackage> {
  return (await changePackage(db, body)).after;
}

/** {@link updatePackage}, answering the pack before and after (under the pack's row lock). */
export async function changePackage(db: Database, body: AdminPackageUpdateBody): Promise<Change<AdminPackage>> {
  const change = given(body);
  const values = {
    ...(change.frequency_type !== undefined
      ? { frequencyType: change.frequency_type, alias: frequencyTypes[change.frequency_type]! }
      : {}),
    ...(change.name !== undefined ? { name: change.name } : {}),
    ...(change.frequency !== undefined ? { frequency: change.frequency } : {}),
    ...(change.price_fen !== undefined ? { priceFen: change.price_fen } : {}),
    ...(change.sort !== undefined ? { sort: change.sort } : {}),
    ...(change.enabled !== undefined ? { enabled: change.enabled } : {}),
  };
  return db.transaction(async (tx) => {
    const current = await lockPackageRow(tx, body.id);
    if (!current) throw notFound(marketingMessages.packageNotFound);
    const row = Object.keys(values).length > 0 ? (await updatePackageRow(tx, body.id, values))! : current;
    return { before: adminPackageOf(current), after: adminPackageOf(row) };
  });
}

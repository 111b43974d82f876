import type { GradeConfig, PayPlan } from '@dso/contract';
import {
  CYCLE_LIST_DAY,
  CYCLE_PERIOD_DAYS,
  effectivePriceFen,
  firstPeriodLabel,
  normalizeGrade,
  planMonths,
} from '@dso/domain';
import type { Database } from '../../../db/client';
import { unixSeconds } from '../../../lib/unix-seconds';
import { type Buyer, deductionFor } from '../preview/buyer.service';
import { defaultPlans } from './default-plans';
import { insertPlansIfNone, type PlanRow, selectEnabledPlans } from './plans.repository';

function running(now: Date, start: Date | null, end: Date | null) {
  return Boolean(start && end && start <= now && now < end);
}

/**
 * A stored plan as the pay box reads it (001 §3). A continuous plan is listed as the 29-day entry
 * (001 §9) whose first period costs the plan's price (首月) and later ones `cycle_price`.
 */
export function toPayPlan(row: PlanRow, now: Date, buyer: Buyer | null): PayPlan {
  const day = row.hasCycle ? CYCLE_LIST_DAY : row.day;
  return {
    id: row.id,
    grade_enum: normalizeGrade(row.grade),
    day,
    month: planMonths(day),
    price: row.priceFen,
    original_price: row.originalPriceFen,
    active_price: row.activePriceFen,
    active_start_time: unixSeconds(row.activeStartsAt),
    active_end_time: unixSeconds(row.activeEndsAt),
    activity_price: row.activityPriceFen,
    activity_start_time: unixSeconds(row.activityStartsAt),
    activity_end_time: unixSeconds(row.activityEndsAt),
    new_user_price: row.newUserPriceFen,
    act:
      (row.activePriceFen != null && running(now, row.activeStartsAt, row.activeEndsAt)) ||
      (row.activityPriceFen != null && running(now, row.activityStartsAt, row.activityEndsAt)),
    has_cycle: row.hasCycle,
    cycle_price: row.hasCycle ? row.cyclePriceFen : null,
    cycle_period: row.hasCycle ? (row.cyclePeriodDays ?? CYCLE_PERIOD_DAYS) : null,
    discount: row.discount,
    dso_grade_config_list_bean_list: row.teamOptions.map((option) => ({
      id: option.id,
      count: option.count,
      price: option.extra_fen,
    })),
    all_point_activity_bean: row.pointActivity ?? null,
    current_price: effectivePriceFen(row, now, buyer?.isNewUser ?? true),
    first_label: row.hasCycle ? firstPeriodLabel(planMonths(row.cyclePeriodDays ?? CYCLE_PERIOD_DAYS)) : null,
    dis_price: deductionFor(buyer, row.grade),
  };
}

/** `order/get_grade_config`: every sold grade with its enabled plans (empty when it has none). */
export async function getGradeConfig(db: Database, buyer: Buyer | null, now: Date): Promise<GradeConfig> {
  const config: GradeConfig = { VIP: [], SVIP: [], EVIP: [] };
  for (const row of await selectEnabledPlans(db)) {
    const grade = normalizeGrade(row.grade);
    const list = config[grade] ?? [];
    list.push(toPayPlan(row, now, buyer));
    config[grade] = list;
  }
  return config;
}

/** Seeds the documented default price list into an empty plan table (see default-plans.ts). */
export async function ensureDefaultPlans(db: Database) {
  await insertPlansIfNone(db, defaultPlans);
}

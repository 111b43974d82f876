import type { Grade } from '@dso/domain';
import { create } from 'zustand';

/**
 * A pay combo (plan) item as 001 §3 names its fields; prices in yuan. Only what the pay box shell and
 * the login bar read is typed here; the orders capability owns the rest.
 */
export interface PayPlan {
  day: number;
  price: number;
  original_price?: number;
  grade_enum: Grade;
  has_cycle?: boolean;
}

/** Plans by grade, as `order/get_grade_config` answers (001 §7). */
export type PlanConfig = Partial<Record<Grade, PayPlan[]>>;

interface PlansState {
  /** Null until the orders capability has loaded plans: nothing shows a price before that. */
  plans: PlanConfig | null;
  setPlans(plans: PlanConfig | null): void;
}

/** The plan configuration, filled by whoever loads it (the pay page); the shell only reads it. */
export const usePlans = create<PlansState>((set) => ({
  plans: null,
  setPlans(plans) {
    set({ plans });
  },
}));

/** Monthly price of a plan (001 §9): price / day × 30, floored. */
export function monthlyPrice(plan: Pick<PayPlan, 'price' | 'day'>): number {
  return Math.floor((plan.price / plan.day) * 30);
}

/** The bottom bar's figure (001 §1, §9): the lowest monthly price of a 365-day VIP plan, or null. */
export function yearlyVipMonthlyPrice(config: PlanConfig | null): number | null {
  const yearly = (config?.VIP ?? []).filter((plan) => plan.day === 365 && plan.price > 0);
  if (yearly.length === 0) return null;
  return Math.min(...yearly.map(monthlyPrice));
}

/** Pay tiers from low to high, for the fallback. */
const fallbackOrder: Grade[] = ['VIP', 'SVIP', 'EVIP'];

/** The tier whose plans the box shows (001 §2): the chosen one, or the next higher one with plans. */
export function tierWithPlans(config: PlanConfig | null, tier: Grade): Grade | null {
  if (!config) return null;
  const start = Math.max(0, fallbackOrder.indexOf(tier));
  return fallbackOrder.slice(start).find((candidate) => (config[candidate]?.length ?? 0) > 0) ?? null;
}

/** How a plan's length reads: 首月-style labels are the pay page's; the shell says 1个月 / 12个月. */
export function planLengthLabel(plan: Pick<PayPlan, 'day' | 'has_cycle'>): string {
  if (plan.has_cycle) return '连续包月';
  if (plan.day === 365) return '12个月';
  return `${Math.max(1, Math.round(plan.day / 30))}个月`;
}

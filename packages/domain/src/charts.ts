/** The axis maximum climbs in steps of 9.5 × 10 = 95 (002 §9). */
const AXIS_STEP = 9.5;
const AXIS_SCALE = 10;

/**
 * Axis maximum (002 §9: "the largest value rounded up in steps of 9.5, then times 10"). Read as:
 * divide the largest value by 10, round that up to a multiple of 9.5, multiply back by 10. So the
 * axis ends on a multiple of 95 at or above the data, which 5 splits divide into steps of 19.
 * Without a positive value the axis shows one step (95) rather than collapsing to 0.
 */
export function axisMax(values: readonly number[]): number {
  const largest = Math.max(0, ...values.filter((value) => Number.isFinite(value)));
  const steps = Math.max(1, Math.ceil(largest / AXIS_SCALE / AXIS_STEP));
  // 9.5 is exact in binary, so the product is exact where a step of 0.95 would drift.
  return steps * AXIS_STEP * AXIS_SCALE;
}

/** Dual-axis chart layout (002 §9). */
export const dualAxisChart = {
  splitNumber: 5,
  barMaxWidth: 24,
} as const;

import type { trailPointSchema } from '@dso/contract';
import type { z } from 'zod';
import { accountLimits } from '../account.limits';

type TrailPoint = z.infer<typeof trailPointSchema>;

/**
 * Whether a drag looks like a hand on a mouse: enough samples, time only moving forward, neither
 * instant nor endless, heading right with at most a small correction back, ending where the piece
 * was released, and not at one perfectly constant speed (what a naive script produces).
 */
export function looksHuman(trail: readonly TrailPoint[], releasedAt: number): boolean {
  const limits = accountLimits.trail;
  if (trail.length < limits.minPoints) return false;
  const first = trail[0]!;
  const last = trail[trail.length - 1]!;
  const duration = last.t - first.t;
  if (duration < limits.minDurationMs || duration > limits.maxDurationMs) return false;
  if (Math.abs(last.x - releasedAt) > accountLimits.captcha.tolerancePx) return false;
  const steps = trail
    .slice(1)
    .map((point, index) => ({ dx: point.x - trail[index]!.x, dt: point.t - trail[index]!.t }));
  if (steps.some((step) => step.dt < 0)) return false;
  const forward = steps.reduce((sum, step) => sum + Math.max(0, step.dx), 0);
  const backward = steps.reduce((sum, step) => sum + Math.max(0, -step.dx), 0);
  if (forward <= 0 || backward > forward * limits.maxBacktrackShare) return false;
  return !movesAtOneSpeed(steps);
}

/** Every step the same length and pace, give or take rounding: a loop, not a hand. */
function movesAtOneSpeed(steps: ReadonlyArray<{ dx: number; dt: number }>): boolean {
  const first = steps[0]!;
  return steps.every((step) => Math.abs(step.dx - first.dx) <= 1 && Math.abs(step.dt - first.dt) <= 2);
}

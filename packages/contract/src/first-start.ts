import { z } from 'zod';
import { Code } from './codes';
import type { Envelope } from './envelope';

/**
 * A first start with demo data ("A first start that does not keep a newcomer waiting"): the
 * server listens at once and, until its demo libraries are seeded, answers every API call with
 * HTTP 503 and the envelope `{ code: 650, msg, data: { preparing } }`. `msg` is the sentence to show
 * (首次启动，正在准备演示数据（…），请稍候); `preparing` says how far it is. The web client shows it as a
 * full-page notice and reloads once an answer is no longer this one.
 */
export const preparingStepStateSchema = z.enum(['done', 'running', 'waiting']);
export type PreparingStepState = z.infer<typeof preparingStepStateSchema>;

export const preparingStepSchema = z.object({
  /** The library, in Chinese: 关键词库, 榜单与分析, 视频库. */
  name: z.string(),
  state: preparingStepStateSchema,
  /** What of it is done, in Chinese (已完成：抖音、小红书); empty when there is nothing to add. */
  detail: z.string(),
});
export type PreparingStep = z.infer<typeof preparingStepSchema>;

export const preparingSchema = z.object({
  /** 0–100, whole numbers. */
  percent: z.number().int().min(0).max(100),
  steps: z.array(preparingStepSchema),
});
export type Preparing = z.infer<typeof preparingSchema>;

/** The `data` of a preparing answer. */
export const preparingDataSchema = z.object({ preparing: preparingSchema });
export type PreparingData = z.infer<typeof preparingDataSchema>;

/** The preparing state an envelope carries, or null for every other answer. */
export function preparingOf(envelope: Envelope<unknown>): Preparing | null {
  if (envelope.code !== Code.SERVER_BUSY) return null;
  const parsed = preparingDataSchema.safeParse(envelope.data);
  return parsed.success ? parsed.data.preparing : null;
}

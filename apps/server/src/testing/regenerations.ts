import { expect } from 'vitest';
import type { Database } from '../db/client';
import { textOf } from './llm';
import { quotaUsed } from './orders';

/**
 * The rule both AI writing features share (copywriters and template writing): a first generation and then
 * regenerations through `generate`, one for each of `attempts` (`undefined` sends none). Expects another phrasing
 * among them, the first charged to the writing count and each regeneration to the rewriting count. Kept out of
 * `testing/index.ts` because it imports vitest, and the journeys import that module outside vitest.
 */
export async function expectRegenerationsCharged(
  db: Database,
  userId: number,
  attempts: Array<number | undefined>,
  generate: (attempt: number | undefined) => Promise<{ body: string }>,
) {
  const texts = new Set<string>();
  for (const attempt of attempts) texts.add(textOf((await generate(attempt)).body));
  expect(texts.size).toBeGreaterThan(1);
  expect(await quotaUsed(db, userId, 'AI_WRITING_COUNT_DAY')).toBe(1);
  expect(await quotaUsed(db, userId, 'AI_REWRITING_COUNT_DAY')).toBe(attempts.length - 1);
}

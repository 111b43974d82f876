import { expect } from 'vitest';
import { eventsOf, type steeredLlm, textOf } from './llm';

/**
 * What the streamed AI features (AI 文案, AI 创作, AI 选词) promise alike when the model stops part-way: the
 * steered model sends its first piece and fails, the stream keeps that piece and ends on the 300 interruption
 * event, and `charged` (the count the generation would spend) still reads 0, for this call and any failed one
 * the test sent before it. Kept out of `testing/index.ts` because it asserts with vitest, and the journeys
 * import that module outside vitest.
 */
export async function expectModelCutChargesNothing(
  steered: ReturnType<typeof steeredLlm>,
  generate: () => Promise<{ body: string }>,
  charged: () => Promise<number>,
) {
  steered.state.useSandbox = false;
  steered.state.mode = 'fail-mid';
  const cut = await generate();
  expect(textOf(cut.body)).toBe('第一段。');
  expect(eventsOf(cut.body).at(-1)).toEqual({ event: 'error', data: { code: 300, msg: 'AI 生成中断，请重新生成' } });
  expect(await charged()).toBe(0);
}

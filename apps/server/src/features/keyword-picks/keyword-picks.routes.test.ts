import { KeywordPickPath, type KeywordPickStart } from '@dso/contract';
import { pickedWords } from '@dso/domain';
import { eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { keywords } from '../../db/schema/keywords';
import { createMember, quotaUsed, steeredLlm, streamedAnswer, useUpDailyQuota } from '../../testing';
import { expectModelCutChargesNothing } from '../../testing/model-cut';
import { useTestApp } from '../../testing/route-suite';
import { upsertKeywords } from '../keywords';
import { keywordInput } from '../keywords/keyword.fixtures';

/** Blue-ocean words of 露营 with their figures: [word, search index, stars, related works, growth]. */
const blueOcean: Array<[string, number, number, number, number]> = [
  ['露营装备清单', 48_000, 1, 900, 0.3],
  ['露营推车推荐', 36_000, 1, 1_500, 0],
  ['露营灯哪款好', 22_000, 2, 800, 0.1],
  ['露营桌椅', 15_000, 2, 6_000, 0],
  ['露营天幕搭建', 12_345, 2, 9_000, -0.1],
  ['露营防潮垫', 4_000, 2, 30_000, 0],
];

describe('AI 选词 routes', () => {
  const steered = steeredLlm();
  const t = useTestApp({ providers: { llm: steered.provider } }, async ({ database: { db } }) => {
    await upsertKeywords(db, [
      ...blueOcean.map(([word, index]) => keywordInput(word, index)),
      keywordInput('露营', 90_000),
      keywordInput('口红', 80_000),
      keywordInput('可乐鸡翅做法', 95_000),
    ]);
    // Another field's blue-ocean word, searched more than any 露营 word.
    await db
      .update(keywords)
      .set({ isBlueOcean: true, competition: 1, relatedWorkCount: 100 })
      .where(eq(keywords.keyword, '可乐鸡翅做法'));
    for (const [word, , competition, relatedWorkCount, growthRate] of blueOcean) {
      await db
        .update(keywords)
        .set({ isBlueOcean: true, competition, relatedWorkCount, growthRate })
        .where(eq(keywords.keyword, word));
    }
    // Not blue ocean: the head word itself and another field's word.
    await db
      .update(keywords)
      .set({ isBlueOcean: false })
      .where(inArray(keywords.keyword, ['露营', '口红']));
  });
  beforeEach(() => steered.state.reset());

  const member = (grade: 'FREE' | 'EVIP' = 'FREE', showOriginalData = false) =>
    createMember(t.db(), { grade, showOriginalData });
  const pick = (token: string | undefined, body: unknown) =>
    t.request({ method: 'POST', url: KeywordPickPath.pick, body, ...(token ? { token } : {}) });
  const used = (userId: number, alias: string) => quotaUsed(t.db(), userId, alias);

  it('asks a visitor to log in', async () => {
    expect((await pick(undefined, { keyword: '露营' })).json()).toMatchObject({ code: 800 });
  });

  it('refuses bad input and a word without blue-ocean candidates before any model call', async () => {
    const { user, token } = await member();
    steered.state.useSandbox = false;
    expect((await pick(token, { keyword: '露'.repeat(31) })).json()).toMatchObject({
      code: 400,
      msg: '关键词长度不能超过30个字符',
    });
    expect((await pick(token, { keyword: '口红' })).json()).toMatchObject({
      code: 300,
      msg: '暂未找到「口红」相关的蓝海词，换个核心词试试',
    });
    expect(steered.state.requests).toHaveLength(0);
    expect(await used(user.id, 'AI_WRITING_COUNT_DAY')).toBe(0);
  });

  it('streams sandbox picks among the candidates, with banded figures for a user without exact ones, and charges once', async () => {
    const { user, token } = await member();
    const { events, start, text } = streamedAnswer<KeywordPickStart>(await pick(token, { keyword: '露营' }));
    expect(start.sandbox).toBe(true);
    // Most searched first, blue-ocean words only, figures as the library shows them to this user.
    expect(start.candidates.map((row) => row.keyword)).toEqual(blueOcean.map(([word]) => word));
    expect(start.candidates.every((row) => row.blue_ocean)).toBe(true);
    expect(typeof start.candidates[4]!.search_index).toBe('string');
    expect(events.at(-1)).toEqual({ event: 'done', data: { sandbox: true } });

    const picks = pickedWords(
      text,
      start.candidates.map((row) => row.keyword),
    );
    expect(picks).toHaveLength(5);
    expect(picks[0]!.word).toBe('露营装备清单');
    expect(picks.map((item) => item.word)).not.toContain('露营防潮垫');
    // The exact index never reaches a user who sees bands.
    expect(text).not.toContain('48000');
    expect(text).toContain(`（搜索指数 ${start.candidates[0]!.search_index}，竞争度 1星`);
    expect(await used(user.id, 'AI_WRITING_COUNT_DAY')).toBe(1);
  });

  it('hands the model the candidates with the figures the user sees, exact ones for show_original_data', async () => {
    const { token } = await member('EVIP', true);
    steered.state.useSandbox = false;
    const { start, text } = streamedAnswer<KeywordPickStart>(await pick(token, { keyword: '露营' }));
    expect(text).toBe('第一段。第二段。');
    expect(start.candidates[4]!.search_index).toBe(12_345);
    const [request] = steered.state.requests;
    expect(request!.messages[1]!.content).toContain('5. 露营天幕搭建（搜索指数 1.2w，竞争度 2星');
    expect(request!.context.kind).toBe('picks');
    expect(request!.context.candidates).toHaveLength(blueOcean.length);
  });

  it('starts from the typed core word: none is refused before any model call, and no unrelated word is a candidate', async () => {
    const { user, token } = await member();
    steered.state.useSandbox = false;
    for (const body of [{}, { keyword: '  ' }]) {
      expect((await pick(token, body)).json()).toMatchObject({
        code: 400,
        msg: '请先输入核心词，AI 从它的蓝海词中挑选',
      });
    }
    expect(steered.state.requests).toHaveLength(0);
    expect(await used(user.id, 'AI_WRITING_COUNT_DAY')).toBe(0);
    steered.state.useSandbox = true;
    const { start } = streamedAnswer<KeywordPickStart>(await pick(token, { keyword: '露营' }));
    expect(start.candidates.map((row) => row.keyword)).toEqual(blueOcean.map(([word]) => word));
    expect(start.candidates.map((row) => row.keyword)).not.toContain('可乐鸡翅做法');
  });

  it('charges nothing when the model cannot answer or stops part-way, and a re-pick to the rewriting count', async () => {
    const { user, token } = await member();
    steered.state.useSandbox = false;
    steered.state.mode = 'busy';
    expect((await pick(token, { keyword: '露营' })).json()).toMatchObject({
      code: 300,
      msg: 'AI 服务繁忙，请稍后重试',
    });
    await expectModelCutChargesNothing(
      steered,
      () => pick(token, { keyword: '露营' }),
      () => used(user.id, 'AI_WRITING_COUNT_DAY'),
    );
    steered.state.mode = 'ok';
    await pick(token, { keyword: '露营', attempt: 1 });
    expect(await used(user.id, 'AI_REWRITING_COUNT_DAY')).toBe(1);
  });

  it('refuses a used-up count with the upgrade ladder before calling the model', async () => {
    const { user, token } = await member();
    await useUpDailyQuota(t.db(), user.id, 'AI_WRITING_COUNT_DAY', 5);
    steered.state.useSandbox = false;
    expect((await pick(token, { keyword: '露营' })).json()).toMatchObject({
      code: 810,
      data: { alias: 'AI_WRITING_COUNT_DAY', action: 'pay', grade: 'VIP' },
    });
    expect(steered.state.requests).toHaveLength(0);
  });
});

import type { IncomingMessage } from 'node:http';
import { WritingPath, type WritingTemplate, type WritingTemplateGroups } from '@dso/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMember, postOverSocket, quotaUsed, steeredLlm, streamedAnswer, useUpDailyQuota } from '../../testing';
import { expectModelCutChargesNothing } from '../../testing/model-cut';
import { expectRegenerationsCharged } from '../../testing/regenerations';
import { useTestApp } from '../../testing/route-suite';
import { expectWorksKeptPerUser, expectWorksValidated } from '../../testing/saved-works';
import { upsertKeywords } from '../keywords';
import { keywordInput, relateKeyword } from '../keywords/keyword.fixtures';

describe('AI 创作 routes', () => {
  const steered = steeredLlm();
  let groups: WritingTemplateGroups;
  let script: WritingTemplate;
  const t = useTestApp({ providers: { llm: steered.provider } }, async ({ database: { db } }) => {
    await upsertKeywords(db, [keywordInput('露营装备', 5000), keywordInput('露营帐篷推荐', 3000)]);
    await relateKeyword(db, '露营装备', [
      { relation: 'correlation', relatedKeyword: '露营帐篷推荐', score: 90 },
      { relation: 'correlation', relatedKeyword: '露营灯', score: 80 },
    ]);
    groups = (await t.get(WritingPath.templates)).data;
    script = groups.短视频脚本!.find((template) => template.title === '口播短视频脚本')!;
  });
  beforeEach(() => steered.state.reset());

  const member = (grade: 'FREE' | 'VIP' | 'EVIP' = 'FREE') => createMember(t.db(), { grade });
  const generate = (token: string | undefined, body: unknown) =>
    t.request({ method: 'POST', url: WritingPath.generate, body, ...(token ? { token } : {}) });
  const used = (userId: number, alias: string) => quotaUsed(t.db(), userId, alias);
  const fields = { keyword: '露营装备', point: '入门三样东西就够' };

  it('lists the seeded templates keyed by category title, in display order, to anyone', async () => {
    expect(Object.keys(groups)).toEqual(['短视频脚本', '标题与开头', '小红书笔记', '直播带货', '营销文案']);
    expect(script.category_id).toBe(1);
    expect(script.tone).toBeTruthy();
    expect(script.audience).toBeTruthy();
    expect(script.variables.map((variable) => variable.key)).toEqual(['keyword', 'point', 'detail']);
    expect(script.variables[0]).toMatchObject({ label: '视频主题', required: true, kind: 'text', max_length: 30 });
    // Seeding again at the next start adds nothing.
    const again = await t.request({ method: 'GET', url: WritingPath.templates });
    expect(Object.values(again.json().data).flat()).toHaveLength(Object.values(groups).flat().length);
  });

  it('asks a visitor to log in before generating', async () => {
    const response = await generate(undefined, { template_id: script.id, fields });
    expect(response.json()).toMatchObject({ code: 800, msg: '请先登录' });
  });

  it('refuses bad input in Chinese before any model call', async () => {
    const { token } = await member();
    steered.state.useSandbox = false;
    const noTemplate = await generate(token, { fields });
    expect(noTemplate.json().code).toBe(400);
    expect(noTemplate.json().msg).toMatch(/[\u4e00-\u9fa5]/);
    const empty = await generate(token, { template_id: script.id, fields: { keyword: ' ' } });
    expect(empty.json()).toMatchObject({ code: 400, msg: '请填写视频主题' });
    const long = await generate(token, { template_id: script.id, fields: { ...fields, keyword: '露'.repeat(31) } });
    expect(long.json()).toMatchObject({ code: 400, msg: '视频主题不能超过30个字' });
    const tooLong = await generate(token, { template_id: script.id, fields: { detail: 'x'.repeat(501) } });
    expect(tooLong.json()).toMatchObject({ code: 400, msg: '每项内容不能超过500个字' });
    const unknown = await generate(token, { template_id: 999_999, fields });
    expect(unknown.json()).toMatchObject({ code: 404, msg: '写作模板不存在或已下线' });
    expect(steered.state.requests).toHaveLength(0);
  });

  it('streams the sandbox text from the keyword library and charges one writing unit', async () => {
    const { user, token } = await member();
    const { events, text } = streamedAnswer(await generate(token, { template_id: script.id, fields }));
    expect(events.filter((event) => event.event === 'delta').length).toBeGreaterThan(10);
    expect(events[0]).toEqual({ event: 'start', data: { sandbox: true } });
    expect(events.at(-1)).toEqual({ event: 'done', data: { sandbox: true } });
    // Plain copy in the template's form: the sandbox tag is the start event's flag, not a line of the text.
    expect(text).not.toMatch(/沙箱|^#{1,6}\s/m);
    expect(text).toContain('【分镜脚本】');
    expect(text).toContain('露营装备');
    // Related words come from the keyword library.
    expect(text).toContain('露营帐篷推荐');
    expect(text).toContain('露营灯');
    expect(await used(user.id, 'AI_WRITING_COUNT_DAY')).toBe(1);
    expect(await used(user.id, 'AI_REWRITING_COUNT_DAY')).toBe(0);
  });

  it('hands the model the filled-in prompt, tone, audience and related words', async () => {
    const { token } = await member();
    steered.state.useSandbox = false;
    const { events, text } = streamedAnswer(await generate(token, { template_id: script.id, fields }));
    expect(text).toBe('第一段。第二段。');
    expect(events.at(-1)).toEqual({ event: 'done', data: { sandbox: false } });
    const [request] = steered.state.requests;
    expect(request!.messages[0]!.content).toContain(script.tone);
    expect(request!.messages[1]!.content).toContain('主题「露营装备」');
    expect(request!.messages[1]!.content).toContain('入门三样东西就够');
    expect(request!.messages[1]!.content).toContain('露营帐篷推荐、露营灯');
    expect(request!.messages[1]!.content).toContain('输出格式：按“【开头钩子】”“【分镜脚本】”“【结尾引导】”三段输出');
    expect(request!.messages[0]!.content).toContain('不要使用 Markdown 符号');
  });

  it('gives ten numbered titles for 爆款标题, built on the keyword and its library words', async () => {
    const { token } = await member();
    const titles = groups.标题与开头!.find((template) => template.title === '爆款标题')!;
    const { text } = streamedAnswer(await generate(token, { template_id: titles.id, fields: { keyword: '露营装备' } }));
    const lines = text.split('\n');
    expect(lines).toHaveLength(10);
    for (const [index, line] of lines.entries()) expect(line).toMatch(new RegExp(`^${index + 1}\\. .*露营`));
    expect(lines.some((line) => line.includes('露营帐篷推荐') || line.includes('露营灯'))).toBe(true);
  });

  it('charges a regeneration to the rewriting count, with another phrasing', async () => {
    const { user, token } = await member();
    await expectRegenerationsCharged(t.db(), user.id, [undefined, 1, 2], (attempt) =>
      generate(token, { template_id: script.id, fields, ...(attempt === undefined ? {} : { attempt }) }),
    );
  });

  it('stops the model when the browser stops reading, and charges the text it began', async () => {
    const { user, token } = await member();
    steered.state.useSandbox = false;
    steered.state.mode = 'endless';
    const call = await postOverSocket(t.app, {
      url: WritingPath.generate,
      body: { template_id: script.id, fields },
      token,
    });
    const response = await new Promise<IncomingMessage>((resolve) => call.once('response', resolve));
    // Reads until the first piece has arrived (the start event may come in its own chunk).
    const first = await new Promise<string>((resolve) => {
      let received = '';
      const onData = (data: Buffer) => {
        received += data.toString();
        if (received.includes('第一段。')) {
          response.off('data', onData);
          resolve(received);
        }
      };
      response.on('data', onData);
    });
    expect(first).toContain('第一段。');
    call.destroy();
    await expect.poll(() => steered.state.aborted, { timeout: 5_000 }).toBe(1);
    await expect.poll(() => used(user.id, 'AI_WRITING_COUNT_DAY'), { timeout: 5_000 }).toBe(1);
  });

  it('charges nothing when the model cannot answer, and says why in Chinese', async () => {
    const { user, token } = await member();
    steered.state.useSandbox = false;
    steered.state.mode = 'fail-first';
    expect((await generate(token, { template_id: script.id, fields })).json()).toMatchObject({
      code: 300,
      msg: 'AI 服务暂时不可用，请稍后重试',
    });
    steered.state.mode = 'busy';
    expect((await generate(token, { template_id: script.id, fields })).json()).toMatchObject({
      code: 300,
      msg: 'AI 服务繁忙，请稍后重试',
    });
    await expectModelCutChargesNothing(
      steered,
      () => generate(token, { template_id: script.id, fields }),
      () => used(user.id, 'AI_WRITING_COUNT_DAY'),
    );
  });

  it('refuses a used-up quota before calling the model: pay dialog below EVIP, buy-times at EVIP', async () => {
    const free = await member('FREE');
    await useUpDailyQuota(t.db(), free.user.id, 'AI_WRITING_COUNT_DAY', 5);
    steered.state.useSandbox = false;
    const refused = await generate(free.token, { template_id: script.id, fields });
    expect(refused.json()).toMatchObject({
      code: 810,
      data: { alias: 'AI_WRITING_COUNT_DAY', reason: 'exhausted', action: 'pay', grade: 'VIP' },
    });
    // Regenerating spends the other count, which is still there.
    expect(
      streamedAnswer(await generate(free.token, { template_id: script.id, fields, attempt: 1 })).events.at(-1)?.event,
    ).toBe('done');
    expect(steered.state.requests).toHaveLength(1);

    const top = await member('EVIP');
    await useUpDailyQuota(t.db(), top.user.id, 'AI_REWRITING_COUNT_DAY', 500);
    const buyTimes = await generate(top.token, { template_id: script.id, fields, attempt: 3 });
    expect(buyTimes.json()).toMatchObject({ code: 810, data: { alias: 'AI_REWRITING_COUNT_DAY', action: 'buyTimes' } });
    expect(steered.state.requests).toHaveLength(1);
  });

  it('saves, lists, reopens, updates and deletes works, each user only their own', async () => {
    const body = { template_id: script.id, title: '露营口播', inputs: fields, content: '正文内容', sandbox: true };
    const { work } = await expectWorksKeptPerUser(t, WritingPath, body, '作品不存在或已删除');
    expect(work).toMatchObject({ template_title: '口播短视频脚本', title: '露营口播', inputs: fields, sandbox: true });
  });

  it('validates saved works in Chinese and asks visitors to log in', async () => {
    await expectWorksValidated(t, WritingPath, { template_id: script.id });
    expect((await t.get(WritingPath.works)).code).toBe(800);
  });
});

import { CopywriterPath, type CopywriterStart } from '@dso/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMember, createVideo, quotaUsed, steeredLlm, streamedAnswer, useUpDailyQuota } from '../../testing';
import { expectModelCutChargesNothing } from '../../testing/model-cut';
import { expectRegenerationsCharged } from '../../testing/regenerations';
import { useTestApp } from '../../testing/route-suite';
import { expectWorksKeptPerUser, expectWorksValidated } from '../../testing/saved-works';
import { upsertKeywords } from '../keywords';
import { keywordInput, relateKeyword } from '../keywords/keyword.fixtures';

describe('AI 文案 routes', () => {
  const steered = steeredLlm();
  const t = useTestApp({ providers: { llm: steered.provider } }, async ({ database: { db } }) => {
    await upsertKeywords(db, [keywordInput('露营装备', 5000), keywordInput('露营帐篷推荐', 3000)]);
    await relateKeyword(db, '露营装备', [
      { relation: 'correlation', relatedKeyword: '露营帐篷推荐', score: 90 },
      { relation: 'sug', relatedKeyword: '露营灯', score: 80 },
    ]);
    // Two works ranked under the keyword (second place first in the table), one only titled with it.
    await createVideo(db, {
      awemeId: '7100000000000000002',
      desc: '百元露营装备清单 #露营',
      goodCount: 900,
      comments: 4,
      keywords: [{ keyword: '露营装备', monthCoverCount: 1000, competition: 2, searchRank: 2 }],
    });
    await createVideo(db, {
      awemeId: '7100000000000000001',
      desc: '新手第一次露营带什么',
      goodCount: 500,
      keywords: [{ keyword: '露营装备', monthCoverCount: 1000, competition: 2, searchRank: 1 }],
    });
    await createVideo(db, { desc: '户外自驾：露营装备怎么收纳', goodCount: 80_000 });
    // Only in titles: no ranked works, no related words.
    await createVideo(db, { awemeId: '7100000000000000009', desc: '天幕搭建教程', goodCount: 700 });
  });
  beforeEach(() => steered.state.reset());

  const member = (grade: 'FREE' | 'VIP' | 'EVIP' = 'FREE') => createMember(t.db(), { grade });
  const generate = (token: string | undefined, body: unknown) =>
    t.request({ method: 'POST', url: CopywriterPath.generate, body, ...(token ? { token } : {}) });
  const used = (userId: number, alias: string) => quotaUsed(t.db(), userId, alias);

  it('asks a visitor to log in', async () => {
    expect((await generate(undefined, { keyword: '露营装备' })).json()).toMatchObject({ code: 800 });
    expect((await t.request({ method: 'GET', url: CopywriterPath.works })).json().code).toBe(800);
  });

  it('refuses bad keywords in Chinese before any model call', async () => {
    const { user, token } = await member();
    steered.state.useSandbox = false;
    expect((await generate(token, { keyword: '  ' })).json()).toMatchObject({ code: 400, msg: '请输入关键词' });
    expect((await generate(token, { keyword: '露'.repeat(31) })).json()).toMatchObject({
      code: 400,
      msg: '关键词长度不能超过30个字符',
    });
    expect((await generate(token, { keyword: '露营装备', attempt: -1 })).json().code).toBe(400);
    expect((await generate(token, { keyword: '不存在的词' })).json()).toMatchObject({
      code: 300,
      msg: '暂未找到「不存在的词」的相关视频和关键词，换个关键词试试',
    });
    expect(steered.state.requests).toHaveLength(0);
    expect(await used(user.id, 'AI_WRITING_COUNT_DAY')).toBe(0);
  });

  it('streams a sandbox script citing the keyword ranked videos, their comments and related words, and charges once', async () => {
    const { user, token } = await member();
    const { events, start, text } = streamedAnswer<CopywriterStart>(await generate(token, { keyword: '露营装备' }));
    expect(start.sandbox).toBe(true);
    expect(start.sources.videos.map((video) => video.aweme_id)).toEqual(['7100000000000000001', '7100000000000000002']);
    expect(start.sources.videos[1]).toEqual({
      aweme_id: '7100000000000000002',
      title: '百元露营装备清单',
      good_count: 900,
      comments: ['评论0', '评论1', '评论2'],
    });
    expect(start.sources.words).toEqual(['露营帐篷推荐', '露营灯']);
    expect(events.at(-1)).toEqual({ event: 'done', data: { sandbox: true } });
    expect(text).not.toMatch(/沙箱|^#{1,6}\s/m);
    expect(text).toContain('「新手第一次露营带什么」');
    expect(text).toContain('【参考视频2】');
    expect(text).toMatch(/评论[0-2]/);
    expect(text).toContain('露营帐篷推荐');
    expect(await used(user.id, 'AI_WRITING_COUNT_DAY')).toBe(1);
  });

  it('falls back to the most liked works titled with the keyword when none is ranked under it', async () => {
    const { token } = await member();
    steered.state.useSandbox = false;
    const { start } = streamedAnswer<CopywriterStart>(await generate(token, { keyword: '天幕' }));
    expect(start.sources).toEqual({
      videos: [{ aweme_id: '7100000000000000009', title: '天幕搭建教程', good_count: 700, comments: [] }],
      words: [],
    });
    // The model is given the numbered videos and asked to cite them.
    const prompt = steered.state.requests[0]!.messages[1]!.content;
    expect(prompt).toContain('视频1：「天幕搭建教程」');
    expect(prompt).toContain('【参考视频N】');
    expect(steered.state.requests[0]!.context).toMatchObject({ kind: 'script', keywords: ['天幕'] });
  });

  it('tops up the related words with the library words containing a keyword without stored relations', async () => {
    const { token } = await member();
    const { start } = streamedAnswer<CopywriterStart>(await generate(token, { keyword: '露营' }));
    // Most searched first; the works titled with the word, most liked first.
    expect(start.sources.words).toEqual(['露营装备', '露营帐篷推荐']);
    expect(start.sources.videos[0]!.title).toBe('户外自驾：露营装备怎么收纳');
  });

  it('charges a regeneration to the rewriting count, with another phrasing', async () => {
    const { user, token } = await member();
    await expectRegenerationsCharged(t.db(), user.id, [0, 1, 2], (attempt) =>
      generate(token, { keyword: '露营装备', attempt }),
    );
  });

  it('charges nothing when the model cannot answer or stops part-way', async () => {
    const { user, token } = await member();
    steered.state.useSandbox = false;
    steered.state.mode = 'fail-first';
    expect((await generate(token, { keyword: '露营装备' })).json()).toMatchObject({
      code: 300,
      msg: 'AI 服务暂时不可用，请稍后重试',
    });
    await expectModelCutChargesNothing(
      steered,
      () => generate(token, { keyword: '露营装备' }),
      () => used(user.id, 'AI_WRITING_COUNT_DAY'),
    );
  });

  it('refuses a used-up count before calling the model: pay dialog below EVIP, buy-times at EVIP', async () => {
    const free = await member('FREE');
    await useUpDailyQuota(t.db(), free.user.id, 'AI_WRITING_COUNT_DAY', 5);
    steered.state.useSandbox = false;
    expect((await generate(free.token, { keyword: '露营装备' })).json()).toMatchObject({
      code: 810,
      data: { alias: 'AI_WRITING_COUNT_DAY', reason: 'exhausted', action: 'pay', grade: 'VIP' },
    });
    const top = await member('EVIP');
    await useUpDailyQuota(t.db(), top.user.id, 'AI_WRITING_COUNT_DAY', 500);
    expect((await generate(top.token, { keyword: '露营装备' })).json()).toMatchObject({
      code: 810,
      data: { alias: 'AI_WRITING_COUNT_DAY', action: 'buyTimes' },
    });
    expect(steered.state.requests).toHaveLength(0);
  });

  it('saves, lists, reopens, updates and deletes scripts, each user only their own', async () => {
    const sources = {
      videos: [{ aweme_id: '7100000000000000001', title: '新手第一次露营带什么', good_count: 500, comments: [] }],
      words: ['露营灯'],
    };
    const body = { keyword: '露营装备', title: 'AI文案：露营装备', content: '脚本正文', sources, sandbox: true };
    const { work, list, opened } = await expectWorksKeptPerUser(t, CopywriterPath, body, '文案不存在或已删除');
    expect(work).toMatchObject({ keyword: '露营装备', title: 'AI文案：露营装备', sources, sandbox: true });
    expect(list.list[1]).toMatchObject({ keyword: '露营装备' });
    expect(opened.sources).toEqual(sources);
  });

  it('validates saved scripts in Chinese', async () => {
    const token = await expectWorksValidated(t, CopywriterPath, { keyword: '露营装备' });
    expect(await t.post(CopywriterPath.works, token, { keyword: '', title: '标题', content: '正文' })).toMatchObject({
      code: 400,
      msg: '请输入关键词',
    });
  });
});

import { Code, MIND_MAP_ALIAS, type MindMap, MindMapPath, mindMapMessages } from '@dso/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMember, quotaUsed, steeredLlm, useUpDailyQuota } from '../../testing';
import { useTestApp, withQuery } from '../../testing/route-suite';
import { upsertKeywords } from '../keywords';
import { keywordInput, relateKeyword } from '../keywords/keyword.fixtures';

describe('关键词思维导图 routes', () => {
  const llm = steeredLlm();
  const t = useTestApp({ providers: { llm: llm.provider } }, async ({ database: { db } }) => {
    await upsertKeywords(db, [
      keywordInput('露营装备', 5000),
      keywordInput('露营装备推荐', 3000),
      keywordInput('露营装备清单', 2800),
      keywordInput('露营装备攻略', 2000),
      keywordInput('露营装备儿童', 900),
      keywordInput('露营', 9000),
      keywordInput('装备', 4000),
      keywordInput('露营灯', 1500),
      keywordInput('露营灯推荐', 800),
      keywordInput('露营灯充电', 500),
    ]);
    await relateKeyword(db, '露营装备', [
      { relation: 'correlation', relatedKeyword: '露营灯', score: 90 },
      { relation: 'correlation', relatedKeyword: '露营装备推荐', score: 80 },
    ]);
  });
  const { db } = t;
  beforeEach(() => llm.state.reset());

  const member = (grade: 'FREE' | 'VIP' = 'FREE') => createMember(db(), { grade });
  const build = (body: unknown, token?: string) => t.post(MindMapPath.build, token, body);
  const expand = (word: string, token?: string) => t.get(withQuery(MindMapPath.expand, { word }), token);
  const used = (userId: number) => quotaUsed(db(), userId, MIND_MAP_ALIAS);

  it('asks a visitor to log in', async () => {
    expect((await build({ keyword: '露营装备' })).code).toBe(Code.TOKEN_INVALID);
    expect((await expand('露营装备')).code).toBe(Code.TOKEN_INVALID);
  });

  it('refuses an empty or over-long keyword with the keyword messages', async () => {
    const { token } = await member();
    expect(await build({ keyword: '  ' }, token)).toMatchObject({ code: Code.BAD_REQUEST, msg: '请输入关键词' });
    expect(await build({ keyword: '露'.repeat(31) }, token)).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: '关键词长度不能超过30个字符',
    });
    expect((await expand('', token)).code).toBe(Code.BAD_REQUEST);
  });

  it('builds the map from the library words grouped by the sandbox and charges one writing unit', async () => {
    const { user, token } = await member();
    const answer = await build({ keyword: '露营装备' }, token);
    expect(answer.code).toBe(Code.OK);
    const map = answer.data as MindMap;
    expect(map).toMatchObject({ keyword: '露营装备', sandbox: true });
    const words = map.groups.flatMap((group) => group.words.map((word) => word.word));
    // Drop-down (prefix) words, correlation words and the root words, each once, never the keyword.
    expect(words).toEqual(
      expect.arrayContaining(['露营装备推荐', '露营装备清单', '露营装备攻略', '露营灯', '露营', '装备']),
    );
    expect(new Set(words).size).toBe(words.length);
    expect(words).not.toContain('露营装备');
    const names = map.groups.map((group) => group.name);
    expect(names).toEqual(expect.arrayContaining(['核心词根', '选购推荐', '教程攻略', '场景人群']));
    expect(
      map.groups
        .find((group) => group.name === '核心词根')!
        .words.map((word) => word.word)
        .sort(),
    ).toEqual(['装备', '露营']);
    const tip = map.groups.flatMap((group) => group.words).find((word) => word.word === '露营装备推荐')!;
    expect(tip.relation).toBe('sug');
    expect(tip.search_index).not.toBeNull();
    expect(await used(user.id)).toBe(1);
    // The model was told the words and asked for JSON.
    expect(llm.state.requests[0]!.messages.at(-1)!.content).toContain('露营装备清单');
  });

  it('keeps a model grouping only as far as the library agrees, losing no word', async () => {
    const { token } = await member();
    llm.state.useSandbox = false;
    llm.state.answer =
      '好的：```json\n{"groups":[{"name":"买什么","words":["露营装备推荐","露营装备清单","不存在的词"]},{"name":"怎么用","words":["露营装备攻略","露营装备推荐"]}]}\n```';
    const map = (await build({ keyword: '露营装备' }, token)).data as MindMap;
    expect(map.sandbox).toBe(false);
    expect(map.groups[0]).toMatchObject({ name: '买什么' });
    expect(map.groups[0]!.words.map((word) => word.word)).toEqual(['露营装备推荐', '露营装备清单']);
    expect(map.groups[1]!.words.map((word) => word.word)).toEqual(['露营装备攻略']);
    const rest = map.groups.at(-1)!;
    expect(rest.name).toBe('其他相关');
    expect(rest.words.map((word) => word.word)).toEqual(expect.arrayContaining(['露营灯', '露营', '装备']));
  });

  it('charges nothing when the model fails, is busy or answers nonsense', async () => {
    const { user, token } = await member();
    llm.state.useSandbox = false;
    llm.state.mode = 'fail-first';
    expect(await build({ keyword: '露营装备' }, token)).toMatchObject({
      code: Code.TOAST,
      msg: 'AI 服务暂时不可用，请稍后重试',
    });
    llm.state.mode = 'busy';
    expect(await build({ keyword: '露营装备' }, token)).toMatchObject({
      code: Code.TOAST,
      msg: 'AI 服务繁忙，请稍后重试',
    });
    llm.state.mode = 'ok';
    llm.state.answer = '我觉得可以这样分组：';
    expect(await build({ keyword: '露营装备' }, token)).toMatchObject({
      code: Code.TOAST,
      msg: mindMapMessages.unreadable,
    });
    expect(await used(user.id)).toBe(0);
  });

  it('refuses a keyword the library holds nothing under before asking the model', async () => {
    const { user, token } = await member();
    expect(await build({ keyword: '无人问津的词' }, token)).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: mindMapMessages.noWords('无人问津的词'),
    });
    expect(llm.state.requests).toHaveLength(0);
    expect(await used(user.id)).toBe(0);
  });

  it('refuses a used-up daily count with the upgrade prompt before asking the model', async () => {
    const { user, token } = await member('FREE');
    await useUpDailyQuota(db(), user.id, MIND_MAP_ALIAS, 5);
    const refused = await build({ keyword: '露营装备' }, token);
    expect(refused.code).toBe(Code.NEEDS_UPGRADE);
    expect(refused.data).toMatchObject({ alias: MIND_MAP_ALIAS, reason: 'exhausted', action: 'pay', grade: 'VIP' });
    expect(llm.state.requests).toHaveLength(0);
  });

  it('expands a word into its drop-down and correlation words for free', async () => {
    const { user, token } = await member();
    const answer = await expand('露营灯', token);
    expect(answer.code).toBe(Code.OK);
    expect(answer.data.word).toBe('露营灯');
    expect(answer.data.children.map((child: { word: string }) => child.word)).toEqual(
      expect.arrayContaining(['露营灯推荐', '露营灯充电']),
    );
    expect(answer.data.children.map((child: { word: string }) => child.word)).not.toContain('露营灯');
    expect((await expand('无人问津的词', token)).data.children).toEqual([]);
    expect(await used(user.id)).toBe(0);
  });
});
